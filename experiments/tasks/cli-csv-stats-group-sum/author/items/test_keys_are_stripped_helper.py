import groupsum


def test_keys_are_stripped_helper(tmp_path, capsys):
    path = write_rows(tmp_path, [("region", "amount"), (" east ", "1"), ("east", "2")])
    assert groupsum.main([str(path), "--by", "region", "--value", "amount"]) == 0
    assert capsys.readouterr().out.splitlines()[1:] == ["east,2,3.00"]
