import csvstats


def test_numeric_min_max(tmp_path, capsys):
    path = write_csv(tmp_path, "v", ["9", "10", "100"])
    assert csvstats.main([str(path), "--column", "v"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[3:] == ["min: 9.00", "max: 100.00"]
