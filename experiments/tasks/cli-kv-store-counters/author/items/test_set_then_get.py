import kvs


def test_set_then_get(tmp_path, capsys):
    store = str(tmp_path / "data")
    assert kvs.main(["--store", store, "set", "a", "hello world"]) == 0
    assert kvs.main(["--store", store, "get", "a"]) == 0
    assert capsys.readouterr().out == "hello world\n"
