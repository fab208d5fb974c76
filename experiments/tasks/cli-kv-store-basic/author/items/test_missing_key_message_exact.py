import kv


def test_missing_key_message_exact(tmp_path, capsys):
    store = str(tmp_path / "store")
    assert kv.main(["--store", store, "get", "zzz"]) == 1
    assert capsys.readouterr().err == "kv: no such key: zzz\n"
