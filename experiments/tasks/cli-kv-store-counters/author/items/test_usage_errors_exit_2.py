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

def test_usage_errors_exit_2(tmp_path):
    for args in (["--store", "data", "delete"], ["--store", "data", "incr", "n", "x"]):
        res = run(args, tmp_path)
        assert res.returncode == 2
        assert res.stdout == ""
