import csvstats


def test_numeric_min_max(tmp_path, capsys):
    path = tmp_path / "d.csv"
    path.write_text("v\n9\n10\n100\n", encoding="utf-8")
    assert csvstats.main([str(path), "--column", "v"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[3:] == ["min: 9.00", "max: 100.00"]
