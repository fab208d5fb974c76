import csvstats


def test_non_numeric_message_exact(tmp_path, capsys):
    path = tmp_path / "d.csv"
    path.write_text("v\nabc\n", encoding="utf-8")
    assert csvstats.main([str(path), "--column", "v"]) == 1
    assert capsys.readouterr().err == "csvstats: not a number: 'abc'\n"
