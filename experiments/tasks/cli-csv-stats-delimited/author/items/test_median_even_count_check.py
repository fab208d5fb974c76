import colstats


def test_median_even_count_check(tmp_path, capsys):
    path = tmp_path / "d.csv"
    path.write_text("v\n7\n1\n3\n10\n", encoding="utf-8")
    assert colstats.main([str(path), "v"]) == 0
    assert "median=5" in capsys.readouterr().out.split()
