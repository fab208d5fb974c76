import wordcount


def test_totals_sum_counts(tmp_path, capsys):
    a = tmp_path / "a.txt"
    b = tmp_path / "b.txt"
    a.write_text("one\n", encoding="utf-8")
    b.write_text("two three\nfour\n", encoding="utf-8")
    assert wordcount.main(["-l", "-w", str(a), str(b)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "3 4 total"
