import wordfreq


def test_min_length_keeps_exact(tmp_path, capsys):
    path = tmp_path / "a.txt"
    path.write_text("a an ant ants\n", encoding="utf-8")
    assert wordfreq.main(["--min-length", "3", str(path)]) == 0
    assert capsys.readouterr().out == "1 ant\n1 ants\n"
