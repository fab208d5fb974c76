import wordcount


def test_unterminated_last_line(tmp_path, capsys):
    path = tmp_path / "l.txt"
    path.write_text("first\nsecond", encoding="utf-8")
    assert wordcount.main(["-l", str(path)]) == 0
    assert capsys.readouterr().out == f"1 {path}\n"
