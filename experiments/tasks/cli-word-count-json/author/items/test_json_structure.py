import json

import countjson


def test_json_structure(tmp_path, capsys):
    a = tmp_path / "a.txt"
    a.write_text("one two\n", encoding="utf-8")
    assert countjson.main(["--format", "json", str(a)]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc == {
        "files": [{"name": str(a), "lines": 1, "words": 2, "chars": 8}],
        "total": {"lines": 1, "words": 2, "chars": 8},
    }
