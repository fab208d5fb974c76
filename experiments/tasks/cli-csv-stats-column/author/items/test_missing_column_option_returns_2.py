import csvstats


def test_missing_column_option_returns_2(tmp_path):
    path = tmp_path / "d.csv"
    path.write_text("v\n1\n", encoding="utf-8")
    assert csvstats.main([str(path)]) == 2
