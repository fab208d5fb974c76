import wordfreq


def test_apostrophe_inside_word(tmp_path, capsys):
    path = tmp_path / "a.txt"
    path.write_text("don't 'quoted'\n", encoding="utf-8")
    assert wordfreq.main([str(path)]) == 0
    assert capsys.readouterr().out == "1 don't\n1 quoted\n"
