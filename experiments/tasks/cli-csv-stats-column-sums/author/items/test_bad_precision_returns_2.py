import csvsum


def test_bad_precision_returns_2(tmp_path):
    path = tmp_path / "d.csv"
    path.write_text("a\n1\n", encoding="utf-8")
    assert csvsum.main([str(path), "--precision", "12"]) == 2
