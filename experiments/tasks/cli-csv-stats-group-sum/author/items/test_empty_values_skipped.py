import groupsum


def test_empty_values_skipped(tmp_path, capsys):
    path = tmp_path / "s.csv"
    path.write_text("region,amount\na,1\na,\nb,\n", encoding="utf-8")
    assert groupsum.main([str(path), "--by", "region", "--value", "amount"]) == 0
    assert capsys.readouterr().out.splitlines()[1:] == ["a,1,1.00"]
