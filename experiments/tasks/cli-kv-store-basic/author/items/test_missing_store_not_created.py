import kv


def test_missing_store_not_created(tmp_path, capsys):
    store = tmp_path / "store"
    assert kv.main(["--store", str(store), "list"]) == 0
    assert capsys.readouterr().out == ""
    assert not store.exists()
