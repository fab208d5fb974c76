import wordfreq


def test_underscore_separates(tmp_path, capsys):
    path = tmp_path / "a.txt"
    path.write_text("snake_case snake\n", encoding="utf-8")
    assert wordfreq.main([str(path)]) == 0
    assert capsys.readouterr().out == "2 snake\n1 case\n"
