import colstats


def test_no_values_returns_1(tmp_path, capsys):
    path = tmp_path / "d.csv"
    path.write_text("v\nx\n", encoding="utf-8")
    assert colstats.main([str(path), "v"]) == 1
    assert capsys.readouterr().out == ""
