import colstats


def test_summary_line_check(tmp_path, capsys):
    path = tmp_path / "d.csv"
    path.write_text("name,score\na,1\nb,9\nc,4\nd,4\n", encoding="utf-8")
    assert colstats.main([str(path), "score"]) == 0
    assert capsys.readouterr().out == "n=4 min=1 max=9 mean=4.5 median=4 skipped=0\n"
