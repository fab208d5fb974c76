import csv
import io

import kvfmt


def test_csv_dump_round_trip(tmp_path, capsys):
    store = str(tmp_path / "store")
    kvfmt.main(["--store", store, "set", "c", "x,y"])
    assert kvfmt.main(["--store", store, "dump", "--format", "csv"]) == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert rows == [["key", "value"], ["c", "x,y"]]
