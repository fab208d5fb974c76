import csvstats


def test_five_lines_in_order_check(tmp_path, capsys):
    path = tmp_path / "d.csv"
    path.write_text("name,age\nann,3\nbob,5\n", encoding="utf-8")
    assert csvstats.main([str(path), "--column", "age"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "count: 2", "missing: 0", "mean: 4.00", "min: 3.00", "max: 5.00"]
