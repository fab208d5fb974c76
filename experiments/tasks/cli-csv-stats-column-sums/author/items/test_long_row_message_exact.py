import csvsum


def test_long_row_message_exact(tmp_path, capsys):
    path = tmp_path / "d.csv"
    path.write_text("a,b\n1,2\n3,4,5\n", encoding="utf-8")
    assert csvsum.main([str(path)]) == 1
    assert capsys.readouterr().err == "csvsum: row 3 has 3 cells, expected 2\n"
