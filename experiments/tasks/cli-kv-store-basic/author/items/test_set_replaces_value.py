import kv


def test_set_replaces_value(tmp_path, capsys):
    store = str(tmp_path / "store")
    kv.main(["--store", store, "set", "k", "one"])
    kv.main(["--store", store, "set", "k", "two"])
    capsys.readouterr()
    assert kv.main(["--store", store, "get", "k"]) == 0
    assert capsys.readouterr().out == "two\n"
