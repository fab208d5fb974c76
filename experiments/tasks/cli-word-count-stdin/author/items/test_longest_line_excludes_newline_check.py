import tally


def test_longest_line_excludes_newline_check(tmp_path, capsys):
    path = tmp_path / "a.txt"
    path.write_text("ab\ncdef\ng", encoding="utf-8")
    assert tally.main(["-L", str(path)]) == 0
    assert capsys.readouterr().out == f"      4 {path}\n"
