import kvfmt


def test_csv_dump_plain(tmp_path, capsys):
    store = str(tmp_path / "store")
    kvfmt.main(["--store", store, "set", "b", "2"])
    kvfmt.main(["--store", store, "set", "a", "1"])
    assert kvfmt.main(["--store", store, "dump", "--format", "csv"]) == 0
    assert capsys.readouterr().out == "key,value\na,1\nb,2\n"
