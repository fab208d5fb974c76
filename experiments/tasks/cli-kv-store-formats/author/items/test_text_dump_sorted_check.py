import kvfmt


def test_text_dump_sorted_check(tmp_path, capsys):
    store = str(tmp_path / "store")
    for key in ("pear", "apple"):
        kvfmt.main(["--store", store, "set", key, key[0]])
    assert kvfmt.main(["--store", store, "dump"]) == 0
    assert capsys.readouterr().out == "apple=a\npear=p\n"
