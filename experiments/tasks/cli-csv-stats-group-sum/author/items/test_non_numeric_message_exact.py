import groupsum


def test_non_numeric_message_exact(tmp_path, capsys):
    path = tmp_path / "s.csv"
    path.write_text("region,amount\na,many\n", encoding="utf-8")
    assert groupsum.main([str(path), "--by", "region", "--value", "amount"]) == 1
    assert capsys.readouterr().err == "groupsum: not a number: 'many'\n"
