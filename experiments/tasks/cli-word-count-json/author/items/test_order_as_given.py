import countjson


def test_order_as_given(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "b.txt").write_text("x\n", encoding="utf-8")
    (tmp_path / "a.txt").write_text("y z\n", encoding="utf-8")
    assert countjson.main(["b.txt", "a.txt"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[:2] == ["1 1 2 b.txt", "1 2 4 a.txt"]
