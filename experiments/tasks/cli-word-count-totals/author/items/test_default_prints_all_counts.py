import wordcount


def test_default_prints_all_counts(tmp_path, capsys):
    path = tmp_path / "a.txt"
    path.write_text("one two\nthree\n", encoding="utf-8")
    assert wordcount.main([str(path)]) == 0
    assert capsys.readouterr().out == f"2 3 14 {path}\n"
