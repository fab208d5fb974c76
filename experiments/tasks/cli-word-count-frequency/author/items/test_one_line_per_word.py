import wordfreq


def test_one_line_per_word(tmp_path, capsys):
    path = tmp_path / "a.txt"
    path.write_text("red green red blue\n", encoding="utf-8")
    wordfreq.main([str(path)])
    out = capsys.readouterr().out
    assert len(out.splitlines()) == 3
    assert "red" in out and "green" in out and "blue" in out
