import kv


def test_unicode_value(tmp_path, capsys):
    store = str(tmp_path / "store")
    assert kv.main(["--store", store, "set", "k", "caf\u00e9 \u2603"]) == 0
    assert kv.main(["--store", store, "get", "k"]) == 0
    assert capsys.readouterr().out == "caf\u00e9 \u2603\n"
