import colstats


def test_no_header_one_based(tmp_path, capsys):
    path = tmp_path / "d.csv"
    path.write_text("1,10\n2,20\n", encoding="utf-8")
    assert colstats.main([str(path), "2", "--no-header"]) == 0
    assert capsys.readouterr().out.startswith("n=2 min=10 max=20")
