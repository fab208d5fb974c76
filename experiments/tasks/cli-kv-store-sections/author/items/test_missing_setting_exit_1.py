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

def test_missing_setting_exit_1(tmp_path):
    res = run(["--file", "s", "get", "a.nope"], tmp_path)
    assert res.returncode == 1
    assert res.stdout == ""
    assert "a.nope" in res.stderr
