import csvsum


def test_empty_cells_skipped(tmp_path, capsys):
    path = tmp_path / "d.csv"
    path.write_text("a\n1\n\n  \n3\n", encoding="utf-8")
    assert csvsum.main([str(path)]) == 0
    assert capsys.readouterr().out == "a: count=2 sum=4.00 mean=2.00\n"
