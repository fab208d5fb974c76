import kvfmt


def test_csv_dump_quotes_special(tmp_path, capsys):
    store = str(tmp_path / "store")
    kvfmt.main(["--store", store, "set", "c", "x,y"])
    kvfmt.main(["--store", store, "set", "q", 'say "hi"'])
    assert kvfmt.main(["--store", store, "dump", "--format", "csv"]) == 0
    assert capsys.readouterr().out == 'key,value\nc,"x,y"\nq,"say ""hi"""\n'
