import csvstats


def test_two_decimals(tmp_path, capsys):
    path = tmp_path / "d.csv"
    path.write_text("v\n1\n2\n", encoding="utf-8")
    assert csvstats.main([str(path), "--column", "v"]) == 0
    assert capsys.readouterr().out.splitlines()[2] == "mean: 1.50"
