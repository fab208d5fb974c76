import wordcount


def test_chars_are_unicode(tmp_path, capsys):
    path = tmp_path / "u.txt"
    path.write_text("h\u00e9llo \u2603\n", encoding="utf-8")
    assert wordcount.main(["-c", str(path)]) == 0
    assert capsys.readouterr().out == f"8 {path}\n"
