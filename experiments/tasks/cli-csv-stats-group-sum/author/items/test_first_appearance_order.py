import groupsum


def test_first_appearance_order(tmp_path, capsys):
    path = tmp_path / "s.csv"
    path.write_text("region,amount\nwest,1\neast,1\nwest,1\n", encoding="utf-8")
    assert groupsum.main([str(path), "--by", "region", "--value", "amount"]) == 0
    assert [line.split(",")[0] for line in capsys.readouterr().out.splitlines()] == [
        "group", "west", "east"]
