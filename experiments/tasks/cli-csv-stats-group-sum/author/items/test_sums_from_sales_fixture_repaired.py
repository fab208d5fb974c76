import groupsum
import pytest


@pytest.fixture
def sales_csv(tmp_path):
    path = tmp_path / "sales.csv"
    path.write_text("region,amount\neast,1.25\nwest,2\neast,3.50\n")
    return path


def test_sums_from_sales_fixture(sales_csv, capsys):
    assert groupsum.main([str(sales_csv), "--by", "region", "--value", "amount"]) == 0
    assert "east,2,4.75" in capsys.readouterr().out
