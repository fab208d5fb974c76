import os
import subprocess
import sys

APP = os.environ.get("APP_DIR", os.getcwd())
SCRIPT = os.path.join(APP, "kvfmt.py")


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

import csv
import io
import json

import pytest


def kv(tmp_path, *args):
    return run(["--store", "store", *args], tmp_path)


def ok(tmp_path, *args):
    res = kv(tmp_path, *args)
    assert res.returncode == 0, res.stderr
    return res.stdout


def fill(tmp_path, pairs):
    for key, value in pairs:
        ok(tmp_path, "set", key, value)


def test_set_get_delete(tmp_path):
    assert ok(tmp_path, "set", "a", "1") == ""
    assert ok(tmp_path, "get", "a") == "1\n"
    assert ok(tmp_path, "delete", "a") == ""
    for command in ("get", "delete"):
        res = kv(tmp_path, command, "a")
        assert (res.returncode, res.stdout) == (1, "")
        assert "a" in res.stderr


def test_text_dump_sorted(tmp_path):
    assert ok(tmp_path, "dump") == ""
    fill(tmp_path, [("pear", "3"), ("Fig", "1"), ("apple", "2")])
    expected = "Fig=1\napple=2\npear=3\n"
    assert ok(tmp_path, "dump") == expected
    assert ok(tmp_path, "dump", "--format", "text") == expected


def test_json_dump(tmp_path):
    assert json.loads(ok(tmp_path, "dump", "--format", "json")) == {}
    pairs = [("b", "x\\y"), ("a", 'say "hi"\nbye'), ("c", "caf\u00e9")]
    fill(tmp_path, pairs)
    assert json.loads(ok(tmp_path, "dump", "--format", "json")) == dict(pairs)


def test_csv_dump(tmp_path):
    assert ok(tmp_path, "dump", "--format", "csv") == "key,value\n"
    fill(tmp_path, [("b", "2"), ("a", "1")])
    assert ok(tmp_path, "dump", "--format", "csv") == "key,value\na,1\nb,2\n"


def test_csv_dump_quotes_special_values(tmp_path):
    fill(tmp_path, [("q", 'say "hi"'), ("c", "x,y"), ("n", "l1\nl2")])
    out = ok(tmp_path, "dump", "--format", "csv")
    assert out == 'key,value\nc,"x,y"\nn,"l1\nl2"\nq,"say ""hi"""\n'
    assert list(csv.reader(io.StringIO(out))) == [
        ["key", "value"], ["c", "x,y"], ["n", "l1\nl2"], ["q", 'say "hi"']]


@pytest.mark.parametrize("value", [
    "a=b", "x, y", '"quoted"', "  pad  ", "back\\slash", "two\nlines", "",
])
def test_values_kept_exactly(tmp_path, value):
    ok(tmp_path, "set", "k", value)
    assert ok(tmp_path, "get", "k") == value + "\n"


def test_text_dump_escapes(tmp_path):
    fill(tmp_path, [("a", "one\ntwo"), ("b", "c:\\dir\\new"), ("c", "\\n")])
    assert ok(tmp_path, "dump") == (
        "a=one\\ntwo\nb=c:\\\\dir\\\\new\nc=\\\\n\n")


@pytest.mark.parametrize("args", [
    ["set", "a", "1"],
    ["--store", "store", "put", "a", "1"],
    ["--store", "store", "dump", "--format", "xml"],
    ["--store", "store", "dump", "json"],
    ["--store", "store", "get"],
    ["--store", "store", "set", "a=b", "1"],
    ["--store", "store", "set", "a b", "1"],
    ["--store", "store", "set", "", "1"],
])
def test_usage_errors(tmp_path, args):
    res = run(args, tmp_path)
    assert res.returncode == 2
    assert res.stdout == ""
    assert res.stderr.strip()
