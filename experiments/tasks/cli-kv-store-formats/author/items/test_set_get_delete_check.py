import kvfmt


def test_set_get_delete_check(tmp_path, capsys):
    store = str(tmp_path / "store")
    assert kvfmt.main(["--store", store, "set", "a", "1"]) == 0
    assert kvfmt.main(["--store", store, "get", "a"]) == 0
    assert kvfmt.main(["--store", store, "delete", "a"]) == 0
    assert kvfmt.main(["--store", store, "get", "a"]) == 1
    assert capsys.readouterr().out == "1\n"
