import os
import subprocess
import sys

APP = os.environ.get("APP_DIR", os.getcwd())
SCRIPT = os.path.join(APP, "kvs.py")


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


def kvs(tmp_path, *args):
    return run(["--store", "data", *args], tmp_path)


def out(tmp_path, *args):
    res = kvs(tmp_path, *args)
    assert res.returncode == 0, res.stderr
    return res.stdout


def test_set_get_and_missing_key(tmp_path):
    assert out(tmp_path, "set", "a", "hello world") == ""
    assert out(tmp_path, "get", "a") == "hello world\n"
    out(tmp_path, "set", "a", "x=1")
    assert out(tmp_path, "get", "a") == "x=1\n"
    res = kvs(tmp_path, "get", "b")
    assert (res.returncode, res.stdout) == (1, "")
    assert "b" in res.stderr


def test_delete_counts_removed_keys(tmp_path):
    for key in ("a", "b", "c"):
        out(tmp_path, "set", key, "1")
    assert out(tmp_path, "delete", "a", "zz", "b", "a") == "2\n"
    assert out(tmp_path, "list") == "c=1\n"
    res = kvs(tmp_path, "delete", "a", "zz")
    assert res.returncode == 1
    assert res.stdout.strip() in ("", "0")


def test_list_sorted_with_prefix(tmp_path):
    for key in ("user.b", "user.a", "xuser.c", "admin", "user"):
        out(tmp_path, "set", key, key.upper())
    assert out(tmp_path, "list") == (
        "admin=ADMIN\nuser=USER\nuser.a=USER.A\nuser.b=USER.B\nxuser.c=XUSER.C\n")
    assert out(tmp_path, "list", "user.") == "user.a=USER.A\nuser.b=USER.B\n"
    assert out(tmp_path, "list", "nothing") == ""


def test_incr(tmp_path):
    assert out(tmp_path, "incr", "n") == "1\n"
    assert out(tmp_path, "incr", "n", "10") == "11\n"
    assert out(tmp_path, "incr", "n", "-20") == "-9\n"
    assert out(tmp_path, "get", "n") == "-9\n"
    out(tmp_path, "set", "m", "41")
    assert out(tmp_path, "incr", "m") == "42\n"


def test_incr_non_integer_value(tmp_path):
    out(tmp_path, "set", "s", "abc")
    res = kvs(tmp_path, "incr", "s")
    assert res.returncode == 1
    assert res.stdout == ""
    assert res.stderr.strip()
    assert out(tmp_path, "get", "s") == "abc\n"


def test_rename_moves(tmp_path):
    out(tmp_path, "set", "old", "v")
    assert out(tmp_path, "rename", "old", "new") == ""
    assert out(tmp_path, "list") == "new=v\n"
    assert kvs(tmp_path, "rename", "ghost", "x").returncode == 1
    assert out(tmp_path, "rename", "new", "new") == ""
    assert out(tmp_path, "list") == "new=v\n"


def test_rename_refuses_existing_target(tmp_path):
    out(tmp_path, "set", "a", "1")
    out(tmp_path, "set", "b", "2")
    res = kvs(tmp_path, "rename", "a", "b")
    assert res.returncode == 1
    assert res.stderr.strip()
    assert out(tmp_path, "list") == "a=1\nb=2\n"


def test_rename_force_overwrites(tmp_path):
    out(tmp_path, "set", "a", "1")
    out(tmp_path, "set", "b", "2")
    assert out(tmp_path, "rename", "--force", "a", "b") == ""
    assert out(tmp_path, "list") == "b=1\n"


@pytest.mark.parametrize("args", [
    ["set", "a", "1"],
    ["--store", "data", "frobnicate"],
    ["--store", "data", "delete"],
    ["--store", "data", "get"],
    ["--store", "data", "set", "a"],
    ["--store", "data", "incr", "n", "ten"],
    ["--store", "data", "rename", "a"],
])
def test_usage_errors(tmp_path, args):
    res = run(args, tmp_path)
    assert res.returncode == 2
    assert res.stdout == ""
    assert res.stderr.strip()
