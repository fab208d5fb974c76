import groupsum


def test_blank_key_group(tmp_path, capsys):
    path = tmp_path / "s.csv"
    path.write_text("region,amount\n,1\na,2\n,3\n", encoding="utf-8")
    assert groupsum.main([str(path), "--by", "region", "--value", "amount"]) == 0
    assert capsys.readouterr().out.splitlines()[1:] == ["(blank),2,4.00", "a,1,2.00"]
