import colstats


def test_unknown_column_message_exact(tmp_path, capsys):
    path = tmp_path / "d.csv"
    path.write_text("v\n1\n", encoding="utf-8")
    assert colstats.main([str(path), "w"]) == 2
    assert capsys.readouterr().err == "colstats: no column named 'w'\n"
