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

def test_delete_across_runs_helper(tmp_path):
    assert run(["--store", "s", "set", "a", "1"], tmp_path).returncode == 0
    assert run(["--store", "s", "delete", "a"], tmp_path).returncode == 0
    assert run(["--store", "s", "get", "a"], tmp_path).returncode == 1
