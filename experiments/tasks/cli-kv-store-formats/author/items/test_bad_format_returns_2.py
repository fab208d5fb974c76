import kvfmt


def test_bad_format_returns_2(tmp_path):
    store = str(tmp_path / "store")
    assert kvfmt.main(["--store", store, "dump", "--format", "yaml"]) == 2
