import groupsum


def test_bad_sort_returns_2(tmp_path):
    path = tmp_path / "s.csv"
    path.write_text("region,amount\na,1\n", encoding="utf-8")
    args = [str(path), "--by", "region", "--value", "amount", "--sort", "sum"]
    assert groupsum.main(args) == 2
