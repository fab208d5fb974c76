import csvsum


def test_long_row_from_fixture(csv_path, capsys):
    csv_path.write_text("a\n1,2\n", encoding="utf-8")
    assert csvsum.main([str(csv_path)]) == 1
    assert capsys.readouterr().out == ""
