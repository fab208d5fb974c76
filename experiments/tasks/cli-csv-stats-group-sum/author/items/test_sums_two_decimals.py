import groupsum


def test_sums_two_decimals(tmp_path, capsys):
    path = tmp_path / "s.csv"
    path.write_text("region,amount\na,1.5\na,2\nb,0.25\n", encoding="utf-8")
    assert groupsum.main([str(path), "--by", "region", "--value", "amount"]) == 0
    assert capsys.readouterr().out.splitlines()[1:] == ["a,2,3.50", "b,1,0.25"]
