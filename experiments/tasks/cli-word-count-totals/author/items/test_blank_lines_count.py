import wordcount


def test_blank_lines_count(tmp_path, capsys):
    path = tmp_path / "b.txt"
    path.write_text("\n\n", encoding="utf-8")
    assert wordcount.main(["-l", "-c", str(path)]) == 0
    assert capsys.readouterr().out == f"2 2 {path}\n"
