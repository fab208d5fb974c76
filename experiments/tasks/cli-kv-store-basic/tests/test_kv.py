import os
import subprocess
import sys

APP = os.environ.get("APP_DIR", os.getcwd())
SCRIPT = os.path.join(APP, "kv.py")


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

import pytest


def kv(tmp_path, *args):
    return run(["--store", "s.db", *args], tmp_path)


def test_set_then_get(tmp_path):
    res = kv(tmp_path, "set", "colour", "blue")
    assert (res.returncode, res.stdout) == (0, "")
    assert (tmp_path / "s.db").exists()
    res = kv(tmp_path, "get", "colour")
    assert (res.returncode, res.stdout) == (0, "blue\n")


def test_set_replaces(tmp_path):
    kv(tmp_path, "set", "k", "one")
    kv(tmp_path, "set", "k", "two")
    assert kv(tmp_path, "get", "k").stdout == "two\n"
    assert kv(tmp_path, "list").stdout == "k=two\n"


@pytest.mark.parametrize("value", [
    "  padded  ", "a=b=c", 'say "hi"', "caf\u00e9 \u2603", "", "it's", "x\ty",
])
def test_values_kept_exactly(tmp_path, value):
    assert kv(tmp_path, "set", "k", value).returncode == 0
    assert kv(tmp_path, "get", "k").stdout == value + "\n"


def test_delete(tmp_path):
    kv(tmp_path, "set", "a", "1")
    kv(tmp_path, "set", "b", "2")
    res = kv(tmp_path, "delete", "a")
    assert (res.returncode, res.stdout) == (0, "")
    assert kv(tmp_path, "get", "a").returncode == 1
    assert kv(tmp_path, "list").stdout == "b=2\n"


def test_list_sorted(tmp_path):
    for key, value in [("pear", "3"), ("Apple", "1"), ("apple", "2"), ("b", "x=y")]:
        kv(tmp_path, "set", key, value)
    assert kv(tmp_path, "list").stdout == "Apple=1\napple=2\nb=x=y\npear=3\n"


def test_missing_store_is_empty_and_not_created(tmp_path):
    res = kv(tmp_path, "list")
    assert (res.returncode, res.stdout) == (0, "")
    assert kv(tmp_path, "get", "k").returncode == 1
    assert kv(tmp_path, "delete", "k").returncode == 1
    assert not (tmp_path / "s.db").exists()


def test_missing_key_errors(tmp_path):
    kv(tmp_path, "set", "a", "1")
    for command in ("get", "delete"):
        res = kv(tmp_path, command, "nope")
        assert res.returncode == 1
        assert res.stdout == ""
        assert "nope" in res.stderr
    assert kv(tmp_path, "list").stdout == "a=1\n"


@pytest.mark.parametrize("args", [
    ["set", "k", "v"],
    ["--store", "s.db", "put", "k", "v"],
    ["--store", "s.db", "get"],
    ["--store", "s.db", "set", "k"],
    ["--store", "s.db", "list", "extra"],
    ["--store", "s.db", "set", "a=b", "v"],
    ["--store", "s.db", "set", "a b", "v"],
    ["--store", "s.db", "set", "", "v"],
])
def test_usage_errors(tmp_path, args):
    res = run(args, tmp_path)
    assert res.returncode == 2
    assert res.stdout == ""
    assert res.stderr.strip()
    assert not (tmp_path / "s.db").exists()
