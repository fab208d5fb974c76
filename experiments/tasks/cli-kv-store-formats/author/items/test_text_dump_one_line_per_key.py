import kvfmt


def test_text_dump_one_line_per_key(tmp_path, capsys):
    store = str(tmp_path / "store")
    kvfmt.main(["--store", store, "set", "a", "x\\y\nz"])
    kvfmt.main(["--store", store, "set", "b", "w"])
    kvfmt.main(["--store", store, "dump"])
    assert len(capsys.readouterr().out.splitlines()) == 2
