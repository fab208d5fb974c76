import tally


def test_longest_total_is_maximum(tmp_path, capsys):
    a = tmp_path / "a.txt"
    b = tmp_path / "b.txt"
    a.write_text("abc\n", encoding="utf-8")
    b.write_text("abcdef\n", encoding="utf-8")
    assert tally.main(["-L", str(a), str(b)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "      6 total"
