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

import pytest


def put(tmp_path, name, text):
    (tmp_path / name).write_text(text, encoding="utf-8")


def test_text_line_per_file(tmp_path):
    put(tmp_path, "a.txt", "one two\nthree four five\n")
    res = run(["a.txt"], tmp_path)
    assert res.returncode == 0
    assert res.stdout == "2 5 24 a.txt\n"


def test_text_counts_unicode_characters(tmp_path):
    put(tmp_path, "u.txt", "caf\u00e9 \u2603\n")
    assert run(["u.txt"], tmp_path).stdout == "1 2 7 u.txt\n"


def test_json_document(tmp_path):
    put(tmp_path, "a.txt", "one two\n")
    put(tmp_path, "b.txt", "x\ny\n")
    res = run(["--format", "json", "a.txt", "b.txt"], tmp_path)
    assert res.returncode == 0
    assert json.loads(res.stdout) == {
        "files": [
            {"name": "a.txt", "lines": 1, "words": 2, "chars": 8},
            {"name": "b.txt", "lines": 2, "words": 2, "chars": 4},
        ],
        "total": {"lines": 3, "words": 4, "chars": 12},
    }


def test_json_total_for_single_file(tmp_path):
    put(tmp_path, "a.txt", "caf\u00e9\n")
    doc = json.loads(run(["--format", "json", "a.txt"], tmp_path).stdout)
    assert doc["total"] == {"lines": 1, "words": 1, "chars": 5}
    assert doc["files"] == [{"name": "a.txt", "lines": 1, "words": 1, "chars": 5}]


def test_command_line_order_and_duplicates(tmp_path):
    put(tmp_path, "b.txt", "x\n")
    put(tmp_path, "a.txt", "y z\n")
    res = run(["b.txt", "a.txt", "b.txt"], tmp_path)
    assert res.stdout.splitlines() == [
        "1 1 2 b.txt", "1 2 4 a.txt", "1 1 2 b.txt", "3 4 8 total"]
    doc = json.loads(run(["--format", "json", "b.txt", "a.txt", "b.txt"], tmp_path).stdout)
    assert [f["name"] for f in doc["files"]] == ["b.txt", "a.txt", "b.txt"]
    assert doc["total"] == {"lines": 3, "words": 4, "chars": 8}


def test_text_total_for_two_files(tmp_path):
    put(tmp_path, "a.txt", "x\n")
    put(tmp_path, "b.txt", "y z\n")
    assert run(["a.txt", "b.txt"], tmp_path).stdout.splitlines() == [
        "1 1 2 a.txt", "1 2 4 b.txt", "2 3 6 total"]


def test_text_single_file_no_total(tmp_path):
    put(tmp_path, "a.txt", "x\n")
    assert run(["a.txt"], tmp_path).stdout.splitlines() == ["1 1 2 a.txt"]


def test_unreadable_file_text(tmp_path):
    put(tmp_path, "a.txt", "x\n")
    res = run(["a.txt", "gone.txt", "a.txt"], tmp_path)
    assert res.returncode == 1
    assert "gone.txt" in res.stderr
    assert res.stdout.splitlines() == ["1 1 2 a.txt", "1 1 2 a.txt", "2 2 4 total"]


def test_unreadable_file_json(tmp_path):
    put(tmp_path, "a.txt", "x\n")
    res = run(["--format", "json", "gone.txt", "a.txt"], tmp_path)
    assert res.returncode == 1
    doc = json.loads(res.stdout)
    bad, good = doc["files"]
    assert bad["name"] == "gone.txt"
    assert isinstance(bad["error"], str) and bad["error"]
    assert not {"lines", "words", "chars"} & set(bad)
    assert good == {"name": "a.txt", "lines": 1, "words": 1, "chars": 2}
    assert doc["total"] == {"lines": 1, "words": 1, "chars": 2}


@pytest.mark.parametrize("args", [
    ["--format", "xml", "a.txt"], ["--verbose", "a.txt"], [], ["--format", "json"],
])
def test_usage_errors(tmp_path, args):
    put(tmp_path, "a.txt", "x\n")
    res = run(args, tmp_path)
    assert res.returncode == 2
    assert res.stdout == ""
    assert res.stderr.strip()
