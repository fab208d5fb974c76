import kvs


def test_rename_moves_value(tmp_path, capsys):
    store = str(tmp_path / "data")
    kvs.main(["--store", store, "set", "old", "v"])
    assert kvs.main(["--store", store, "rename", "old", "new"]) == 0
    assert kvs.main(["--store", store, "list"]) == 0
    assert capsys.readouterr().out == "new=v\n"
