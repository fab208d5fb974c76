import wordfreq


def test_top_limits_lines(tmp_path, capsys):
    path = tmp_path / "a.txt"
    path.write_text("a a a b b c d\n", encoding="utf-8")
    assert wordfreq.main(["--top", "2", str(path)]) == 0
    assert capsys.readouterr().out == "3 a\n2 b\n"
