import csvsum


def test_empty_column_mean_na(tmp_path, capsys):
    path = tmp_path / "d.csv"
    path.write_text("a,b\n1,\n", encoding="utf-8")
    assert csvsum.main([str(path), "--columns", "b"]) == 0
    assert capsys.readouterr().out == "b: count=0 sum=0.00 mean=n/a\n"
