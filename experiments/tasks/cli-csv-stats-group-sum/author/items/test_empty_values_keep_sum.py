import groupsum


def test_empty_values_keep_sum(tmp_path, capsys):
    path = tmp_path / "s.csv"
    path.write_text("region,amount\na,1\na,\na,2\n", encoding="utf-8")
    assert groupsum.main([str(path), "--by", "region", "--value", "amount"]) == 0
    assert capsys.readouterr().out.splitlines()[1].endswith(",3.00")
