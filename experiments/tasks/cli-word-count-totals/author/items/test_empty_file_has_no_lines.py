import wordcount


def test_empty_file_has_no_lines(tmp_path, capsys):
    path = tmp_path / "e.txt"
    path.write_text("", encoding="utf-8")
    assert wordcount.main(["-l", str(path)]) == 0
    assert capsys.readouterr().out == f"0 {path}\n"
