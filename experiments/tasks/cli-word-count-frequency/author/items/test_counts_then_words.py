import wordfreq


def test_counts_then_words(tmp_path, capsys):
    path = tmp_path / "a.txt"
    path.write_text("red green red\n", encoding="utf-8")
    assert wordfreq.main([str(path)]) == 0
    assert capsys.readouterr().out == "2 red\n1 green\n"
