import groupsum


def test_header_and_group_rows(tmp_path, capsys):
    path = tmp_path / "s.csv"
    path.write_text("region,amount\neast,1\nwest,2\neast,3\n", encoding="utf-8")
    assert groupsum.main([str(path), "--by", "region", "--value", "amount"]) == 0
    assert capsys.readouterr().out == "group,count,sum\neast,2,4.00\nwest,1,2.00\n"
