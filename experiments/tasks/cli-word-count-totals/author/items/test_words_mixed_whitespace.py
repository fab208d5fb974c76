import wordcount


def test_words_mixed_whitespace(tmp_path, capsys):
    path = tmp_path / "w.txt"
    path.write_text("alpha\tbeta\n\ngamma  delta\n", encoding="utf-8")
    assert wordcount.main(["-w", str(path)]) == 0
    assert capsys.readouterr().out == f"4 {path}\n"
