import colstats


def test_six_significant_digits_check(tmp_path, capsys):
    path = tmp_path / "d.csv"
    path.write_text("v\n1\n0\n0\n", encoding="utf-8")
    assert colstats.main([str(path), "v"]) == 0
    assert "mean=0.333333" in capsys.readouterr().out.split()
