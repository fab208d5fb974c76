import csvstats


def test_selects_named_column_check(tmp_path, capsys):
    path = tmp_path / "d.csv"
    path.write_text("a,b\n1,7\n2,8\n", encoding="utf-8")
    assert csvstats.main([str(path), "--column", "b"]) == 0
    assert "mean: 7.50" in capsys.readouterr().out.splitlines()
