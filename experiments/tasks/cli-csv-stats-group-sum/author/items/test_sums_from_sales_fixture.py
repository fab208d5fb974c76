import groupsum


def test_sums_from_sales_fixture(sales_csv, capsys):
    assert groupsum.main([str(sales_csv), "--by", "region", "--value", "amount"]) == 0
    assert "east,2,4.75" in capsys.readouterr().out
