import csvsum


def test_quoted_comma_is_one_cell(tmp_path, capsys):
    path = tmp_path / "d.csv"
    path.write_text('a,b\n"1,5",2\n', encoding="utf-8")
    assert csvsum.main([str(path)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "a: not numeric", "b: count=1 sum=2.00 mean=2.00"]
