import tally


def test_file_line_has_name(tmp_path, capsys):
    path = tmp_path / "a.txt"
    path.write_text("a b\nc\n", encoding="utf-8")
    assert tally.main([str(path)]) == 0
    assert capsys.readouterr().out == f"      2       3       6 {path}\n"
