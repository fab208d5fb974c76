import csvsum


def test_columns_option_order(tmp_path, capsys):
    path = tmp_path / "d.csv"
    path.write_text("a,b,c\n1,2,3\n", encoding="utf-8")
    assert csvsum.main([str(path), "--columns", "c,a"]) == 0
    assert [line.split(":")[0] for line in capsys.readouterr().out.splitlines()] == [
        "c", "a"]
