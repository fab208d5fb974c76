import csvsum


def test_precision_changes_sum(tmp_path, capsys):
    path = tmp_path / "d.csv"
    path.write_text("v\n1\n2\n", encoding="utf-8")
    assert csvsum.main([str(path), "--precision", "3"]) == 0
    assert "sum=3.000" in capsys.readouterr().out
