import csvsum


def test_one_line_per_column(tmp_path, capsys):
    path = tmp_path / "d.csv"
    path.write_text("a,b\n1,10\n2,20\n", encoding="utf-8")
    assert csvsum.main([str(path)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "a: count=2 sum=3.00 mean=1.50", "b: count=2 sum=30.00 mean=15.00"]
