import kvfmt


def test_csv_dump_round_trip(tmp_path, capsys):
    store = str(tmp_path / "store")
    kvfmt.main(["--store", store, "set", "c", "x,y"])
    assert kvfmt.main(["--store", store, "dump", "--format", "csv"]) == 0
    assert parse_csv_output(capsys.readouterr().out) == [["key", "value"], ["c", "x,y"]]
