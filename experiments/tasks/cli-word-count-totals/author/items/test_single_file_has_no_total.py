import wordcount


def test_single_file_has_no_total(tmp_path, capsys):
    a = tmp_path / "a.txt"
    a.write_text("x y\n", encoding="utf-8")
    assert wordcount.main(["-w", str(a)]) == 0
    assert capsys.readouterr().out.splitlines() == [f"2 {a}"]
