import kvs


def test_rename_refuses_existing(tmp_path, capsys):
    store = str(tmp_path / "data")
    kvs.main(["--store", store, "set", "a", "1"])
    kvs.main(["--store", store, "set", "b", "2"])
    assert kvs.main(["--store", store, "rename", "a", "b"]) == 1
    capsys.readouterr()
    kvs.main(["--store", store, "list"])
    assert capsys.readouterr().out == "a=1\nb=2\n"
