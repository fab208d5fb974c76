import csvstats


def test_scientific_notation(tmp_path, capsys):
    path = tmp_path / "d.csv"
    path.write_text("v\n1e3\n-0.5\n", encoding="utf-8")
    assert csvstats.main([str(path), "--column", "v"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "count: 2"
