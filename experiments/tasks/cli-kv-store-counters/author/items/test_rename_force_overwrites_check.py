import kvs


def test_rename_force_overwrites_check(tmp_path, capsys):
    store = str(tmp_path / "data")
    kvs.main(["--store", store, "set", "a", "1"])
    kvs.main(["--store", store, "set", "b", "2"])
    assert kvs.main(["--store", store, "rename", "--force", "a", "b"]) == 0
    kvs.main(["--store", store, "list"])
    assert capsys.readouterr().out == "b=1\n"
