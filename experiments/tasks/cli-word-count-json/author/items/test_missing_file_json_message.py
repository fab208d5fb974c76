import json

import countjson


def test_missing_file_json_message(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert countjson.main(["--format", "json", "gone.txt"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert doc["files"] == [{"name": "gone.txt", "error": "No such file or directory"}]
