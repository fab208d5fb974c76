import csvsum


def test_non_numeric_column_check(tmp_path, capsys):
    path = tmp_path / "d.csv"
    path.write_text("a,b\n1,x\n2,3\n", encoding="utf-8")
    assert csvsum.main([str(path)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "a: count=2 sum=3.00 mean=1.50", "b: not numeric"]
