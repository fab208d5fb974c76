import wordcount


def test_total_line_present(tmp_path, capsys):
    a = tmp_path / "a.txt"
    b = tmp_path / "b.txt"
    a.write_text("x\n", encoding="utf-8")
    b.write_text("y\n", encoding="utf-8")
    wordcount.main(["-l", str(a), str(b)])
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1].endswith("total")
