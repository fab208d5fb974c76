import csvsum


def test_quoted_number_is_numeric(tmp_path, capsys):
    path = tmp_path / "d.csv"
    path.write_text('v\n"12"\n3\n', encoding="utf-8")
    assert csvsum.main([str(path)]) == 0
    assert capsys.readouterr().out == "v: count=2 sum=15.00 mean=7.50\n"
