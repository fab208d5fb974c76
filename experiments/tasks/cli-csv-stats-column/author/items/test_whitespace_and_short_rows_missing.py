import csvstats


def test_whitespace_and_short_rows_missing(tmp_path, capsys):
    path = tmp_path / "d.csv"
    path.write_text("k,v\na,1\nb,  \nc\n", encoding="utf-8")
    assert csvstats.main([str(path), "--column", "v"]) == 0
    assert capsys.readouterr().out.splitlines()[:2] == ["count: 1", "missing: 2"]
