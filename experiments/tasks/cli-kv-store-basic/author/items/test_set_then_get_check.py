import kv


def test_set_then_get_check(tmp_path, capsys):
    store = str(tmp_path / "store")
    assert kv.main(["--store", store, "set", "colour", "blue"]) == 0
    assert kv.main(["--store", store, "get", "colour"]) == 0
    assert capsys.readouterr().out == "blue\n"
