import wordfreq


def test_min_length_keeps_exact(tmp_path, capsys):
    path = make_text_file(tmp_path, "a an ant ants\n")
    assert wordfreq.main(["--min-length", "3", str(path)]) == 0
    assert capsys.readouterr().out == "1 ant\n1 ants\n"
