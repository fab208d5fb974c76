import os
import subprocess
import sys

APP = os.environ.get("APP_DIR", os.getcwd())
SCRIPT = os.path.join(APP, "cfg.py")


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


def cfg(tmp_path, *args):
    return run(["--file", "settings", *args], tmp_path)


def test_set_and_get_across_invocations(tmp_path):
    res = cfg(tmp_path, "set", "db.host", "localhost")
    assert (res.returncode, res.stdout) == (0, "")
    assert (tmp_path / "settings").exists()
    assert cfg(tmp_path, "get", "db.host").stdout == "localhost\n"
    cfg(tmp_path, "set", "db.host", "example.org")
    assert cfg(tmp_path, "get", "db.host").stdout == "example.org\n"


def test_names_are_case_sensitive(tmp_path):
    cfg(tmp_path, "set", "DB.Port", "1")
    cfg(tmp_path, "set", "db.port", "2")
    assert cfg(tmp_path, "get", "DB.Port").stdout == "1\n"
    assert cfg(tmp_path, "show").stdout == "[DB]\nPort = 1\n\n[db]\nport = 2\n"


@pytest.mark.parametrize("value", ["  spaced  ", "a = b", "#hash", "", "\u00fcber \u2603"])
def test_values_kept_exactly(tmp_path, value):
    assert cfg(tmp_path, "set", "s.k", value).returncode == 0
    assert cfg(tmp_path, "get", "s.k").stdout == value + "\n"


def test_unset_persists_and_empty_section_disappears(tmp_path):
    cfg(tmp_path, "set", "a.x", "1")
    cfg(tmp_path, "set", "b.y", "2")
    res = cfg(tmp_path, "unset", "a.x")
    assert (res.returncode, res.stdout) == (0, "")
    assert cfg(tmp_path, "get", "a.x").returncode == 1
    assert cfg(tmp_path, "show").stdout == "[b]\ny = 2\n"
    assert cfg(tmp_path, "show", "a").returncode == 1


def test_show_layout(tmp_path):
    for name, value in [("web.port", "80"), ("db.user", "root"), ("db.host", "h"),
                        ("web.host", "w")]:
        cfg(tmp_path, "set", name, value)
    assert cfg(tmp_path, "show").stdout == (
        "[db]\nhost = h\nuser = root\n\n[web]\nhost = w\nport = 80\n")


def test_show_empty_store(tmp_path):
    res = cfg(tmp_path, "show")
    assert (res.returncode, res.stdout) == (0, "")


def test_show_one_section(tmp_path):
    cfg(tmp_path, "set", "db.user", "root")
    cfg(tmp_path, "set", "db.host", "h")
    cfg(tmp_path, "set", "web.port", "80")
    assert cfg(tmp_path, "show", "db").stdout == "host = h\nuser = root\n"
    res = cfg(tmp_path, "show", "mail")
    assert res.returncode == 1
    assert res.stdout == ""
    assert res.stderr.strip()


def test_missing_setting(tmp_path):
    cfg(tmp_path, "set", "a.x", "1")
    for command in ("get", "unset"):
        res = cfg(tmp_path, command, "a.nope")
        assert res.returncode == 1
        assert res.stdout == ""
        assert "a.nope" in res.stderr
    assert cfg(tmp_path, "show").stdout == "[a]\nx = 1\n"
    assert cfg(tmp_path, "get", "zz.top").returncode == 1


@pytest.mark.parametrize("args", [
    ["set", "a.b", "v"],
    ["--file", "settings", "put", "a.b", "v"],
    ["--file", "settings", "set", "nodot", "v"],
    ["--file", "settings", "set", "a.b.c", "v"],
    ["--file", "settings", "set", ".b", "v"],
    ["--file", "settings", "get", "a b.c"],
    ["--file", "settings", "get"],
    ["--file", "settings", "show", "a.b"],
    ["--file", "settings", "show", "a", "b"],
])
def test_usage_errors(tmp_path, args):
    res = run(args, tmp_path)
    assert res.returncode == 2
    assert res.stdout == ""
    assert res.stderr.strip()
