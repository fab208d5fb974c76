import json

import countjson


def test_duplicate_file_counted_twice(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "a.txt").write_text("y z\n", encoding="utf-8")
    assert countjson.main(["--format", "json", "a.txt", "a.txt"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert len(doc["files"]) == 2
    assert doc["total"]["words"] == 4
