import kvfmt


def test_text_dump_escapes_check(tmp_path, capsys):
    store = str(tmp_path / "store")
    kvfmt.main(["--store", store, "set", "p", "c:\\new\nnext"])
    assert kvfmt.main(["--store", store, "dump"]) == 0
    assert capsys.readouterr().out == "p=c:\\\\new\\nnext\n"
