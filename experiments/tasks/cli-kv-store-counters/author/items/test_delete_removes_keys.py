import kvs


def test_delete_removes_keys(tmp_path, capsys):
    store = str(tmp_path / "data")
    kvs.main(["--store", store, "set", "a", "1"])
    kvs.main(["--store", store, "delete", "a", "zz"])
    assert kvs.main(["--store", store, "get", "a"]) == 1
