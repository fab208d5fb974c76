import countjson


def test_json_exact_text(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.txt").write_text("hi\n", encoding="utf-8")
    assert countjson.main(["--format", "json", "a.txt"]) == 0
    assert capsys.readouterr().out == (
        '{"files": [{"name": "a.txt", "lines": 1, "words": 1, "chars": 3}], '
        '"total": {"lines": 1, "words": 1, "chars": 3}}\n'
    )
