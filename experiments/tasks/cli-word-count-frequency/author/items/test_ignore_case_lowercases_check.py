import wordfreq


def test_ignore_case_lowercases_check(tmp_path, capsys):
    path = tmp_path / "a.txt"
    path.write_text("The the Cat\n", encoding="utf-8")
    assert wordfreq.main(["--ignore-case", str(path)]) == 0
    assert capsys.readouterr().out == "2 the\n1 cat\n"
