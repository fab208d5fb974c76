import wordfreq


def test_ties_alphabetical(tmp_path, capsys):
    path = tmp_path / "a.txt"
    path.write_text("pear apple pear apple fig\n", encoding="utf-8")
    assert wordfreq.main([str(path)]) == 0
    assert capsys.readouterr().out == "2 apple\n2 pear\n1 fig\n"
