import countjson


def test_missing_file_text_stderr(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.txt").write_text("x\n", encoding="utf-8")
    assert countjson.main(["gone.txt", "a.txt"]) == 1
    captured = capsys.readouterr()
    assert "gone.txt" in captured.err
    assert "gone.txt" not in captured.out
