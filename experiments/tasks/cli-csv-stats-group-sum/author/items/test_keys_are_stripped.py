import groupsum


def test_keys_are_stripped(tmp_path, capsys):
    path = tmp_path / "s.csv"
    path.write_text("region,amount\n east ,1\neast,2\nwest  ,4\n", encoding="utf-8")
    assert groupsum.main([str(path), "--by", "region", "--value", "amount"]) == 0
    assert capsys.readouterr().out.splitlines()[1:] == ["east,2,3.00", "west,1,4.00"]
