import os
import subprocess
import sys

APP = os.environ.get("APP_DIR", os.getcwd())
SCRIPT = os.path.join(APP, "countjson.py")


def run(args, cwd, stdin=None):
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    return subprocess.run(
        [sys.executable, SCRIPT, *args],
        cwd=cwd,
        input=stdin,
        capture_output=True,
        encoding="utf-8",
        env=env,
        timeout=30,
    )

import json


def test_missing_file_json_entry(tmp_path):
    (tmp_path / "a.txt").write_text("x\n", encoding="utf-8")
    res = run(["--format", "json", "a.txt", "gone.txt"], tmp_path)
    assert res.returncode == 1
    doc = json.loads(res.stdout)
    assert doc["files"][1]["name"] == "gone.txt"
    assert doc["files"][1]["error"]
    assert "lines" not in doc["files"][1]
    assert doc["total"] == {"lines": 1, "words": 1, "chars": 2}
