import cfg


def test_missing_setting_message_exact(tmp_path, capsys):
    assert cfg.main(["--file", str(tmp_path / "s"), "get", "a.nope"]) == 1
    assert capsys.readouterr().err == "cfg: a.nope is not set\n"
