import kv


def test_list_has_every_pair(tmp_path, capsys):
    store = str(tmp_path / "store")
    for key in ("pear", "apple"):
        kv.main(["--store", store, "set", key, "1"])
    kv.main(["--store", store, "list"])
    assert set(capsys.readouterr().out.splitlines()) == {"pear=1", "apple=1"}
