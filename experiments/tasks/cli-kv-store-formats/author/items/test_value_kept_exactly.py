import kvfmt


def test_value_kept_exactly(tmp_path, capsys):
    store = str(tmp_path / "store")
    value = '  a=b, "c"\\d\nline two '
    assert kvfmt.main(["--store", store, "set", "k", value]) == 0
    assert kvfmt.main(["--store", store, "get", "k"]) == 0
    assert capsys.readouterr().out == value + "\n"
