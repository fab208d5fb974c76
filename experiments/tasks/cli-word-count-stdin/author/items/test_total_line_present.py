import tally


def test_total_line_present(tmp_path, capsys):
    a = tmp_path / "a.txt"
    b = tmp_path / "b.txt"
    a.write_text("abc\n", encoding="utf-8")
    b.write_text("abcdef\n", encoding="utf-8")
    tally.main(["-l", "-L", str(a), str(b)])
    last = capsys.readouterr().out.splitlines()[-1]
    assert last.split()[0] == "2"
    assert last.endswith(" total")
