import countjson


def test_chars_not_bytes(tmp_path, capsys):
    path = tmp_path / "u.txt"
    path.write_text("\u00e9t\u00e9\n", encoding="utf-8")
    assert countjson.main([str(path)]) == 0
    assert capsys.readouterr().out == f"1 1 4 {path}\n"
