import countjson


def test_text_total_two_files(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.txt").write_text("x\n", encoding="utf-8")
    (tmp_path / "b.txt").write_text("y z\n", encoding="utf-8")
    assert countjson.main(["a.txt", "b.txt"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "2 3 6 total"
