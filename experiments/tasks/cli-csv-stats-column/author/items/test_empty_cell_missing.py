import csvstats


def test_empty_cell_missing(tmp_path, capsys):
    path = tmp_path / "d.csv"
    path.write_text("k,v\na,1\nb,\n", encoding="utf-8")
    assert csvstats.main([str(path), "--column", "v"]) == 0
    assert "count: 1" in capsys.readouterr().out
