import wordfreq


def test_case_sensitive_default(tmp_path, capsys):
    path = tmp_path / "a.txt"
    path.write_text("The the the\n", encoding="utf-8")
    assert wordfreq.main([str(path)]) == 0
    assert capsys.readouterr().out == "2 the\n1 The\n"
