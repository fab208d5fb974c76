import kv


def test_list_sorted_check(tmp_path, capsys):
    store = str(tmp_path / "store")
    for key in ("pear", "apple", "fig"):
        kv.main(["--store", store, "set", key, key.upper()])
    assert kv.main(["--store", store, "list"]) == 0
    assert capsys.readouterr().out == "apple=APPLE\nfig=FIG\npear=PEAR\n"
