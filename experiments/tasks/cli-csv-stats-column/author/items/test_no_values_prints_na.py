import csvstats


def test_no_values_prints_na(tmp_path, capsys):
    path = tmp_path / "d.csv"
    path.write_text("k,v\na,\n", encoding="utf-8")
    assert csvstats.main([str(path), "--column", "v"]) == 0
    assert capsys.readouterr().out.splitlines()[2:] == [
        "mean: n/a", "min: n/a", "max: n/a"]
