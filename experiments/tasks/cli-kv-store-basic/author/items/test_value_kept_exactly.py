import kv


def test_value_kept_exactly(tmp_path, capsys):
    store = str(tmp_path / "store")
    assert kv.main(["--store", store, "set", "k", "  a=b \"c\"  "]) == 0
    assert kv.main(["--store", store, "get", "k"]) == 0
    assert capsys.readouterr().out == "  a=b \"c\"  \n"
