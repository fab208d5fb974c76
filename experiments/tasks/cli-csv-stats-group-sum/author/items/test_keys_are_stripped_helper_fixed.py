import groupsum


def test_keys_are_stripped_helper(tmp_path, capsys):
    path = tmp_path / "s.csv"
    path.write_text("region,amount\n east ,1\neast,2\n", encoding="utf-8")
    assert groupsum.main([str(path), "--by", "region", "--value", "amount"]) == 0
    assert capsys.readouterr().out.splitlines()[1:] == ["east,2,3.00"]
