import csvsum


def test_precision_option(tmp_path, capsys):
    path = tmp_path / "d.csv"
    path.write_text("v\n1\n2\n", encoding="utf-8")
    assert csvsum.main([str(path), "--precision", "3"]) == 0
    assert capsys.readouterr().out == "v: count=2 sum=3.000 mean=1.500\n"
