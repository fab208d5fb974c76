from cfg import read_settings_file


def test_read_settings_helper(tmp_path):
    assert read_settings_file(str(tmp_path / "missing")) == {}
