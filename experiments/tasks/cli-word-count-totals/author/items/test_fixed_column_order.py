import wordcount


def test_fixed_column_order(tmp_path, capsys):
    path = tmp_path / "a.txt"
    path.write_text("one two\nthree\n", encoding="utf-8")
    assert wordcount.main(["-c", "-l", str(path)]) == 0
    assert capsys.readouterr().out == f"2 14 {path}\n"
