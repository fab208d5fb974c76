import colstats


def test_skipped_cells_counted(tmp_path, capsys):
    path = tmp_path / "d.csv"
    path.write_text("k,v\na,1\nb,\nc,x\nd\n", encoding="utf-8")
    assert colstats.main([str(path), "v"]) == 0
    assert capsys.readouterr().out.split()[-1] == "skipped=3"
