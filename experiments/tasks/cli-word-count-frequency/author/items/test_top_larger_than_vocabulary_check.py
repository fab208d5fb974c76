import wordfreq


def test_top_larger_than_vocabulary_check(tmp_path, capsys):
    path = tmp_path / "a.txt"
    path.write_text("a a b\n", encoding="utf-8")
    assert wordfreq.main(["--top", "5", str(path)]) == 0
    assert capsys.readouterr().out == "2 a\n1 b\n"
