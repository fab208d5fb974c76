import kvs


def test_delete_reports_count(tmp_path, capsys):
    store = str(tmp_path / "data")
    kvs.main(["--store", store, "set", "a", "1"])
    kvs.main(["--store", store, "set", "b", "2"])
    capsys.readouterr()
    assert kvs.main(["--store", store, "delete", "a", "zz"]) == 0
    assert capsys.readouterr().out == "1\n"
