import kv


def test_delete_removes_key(tmp_path, capsys):
    store = str(tmp_path / "store")
    kv.main(["--store", store, "set", "a", "1"])
    kv.main(["--store", store, "set", "b", "2"])
    assert kv.main(["--store", store, "delete", "a"]) == 0
    assert kv.main(["--store", store, "list"]) == 0
    assert capsys.readouterr().out == "b=2\n"
