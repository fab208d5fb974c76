import colstats


def test_header_name_selects(tmp_path, capsys):
    path = tmp_path / "d.csv"
    path.write_text("a,b\n1,10\n2,20\n", encoding="utf-8")
    assert colstats.main([str(path), "b"]) == 0
    assert capsys.readouterr().out.startswith("n=2 min=10 max=20")
