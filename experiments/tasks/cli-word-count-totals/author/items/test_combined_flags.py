import wordcount


def test_combined_flags(tmp_path, capsys):
    path = tmp_path / "a.txt"
    path.write_text("one two\nthree\n", encoding="utf-8")
    assert wordcount.main(["-lw", str(path)]) == 0
    assert capsys.readouterr().out == f"2 3 {path}\n"
