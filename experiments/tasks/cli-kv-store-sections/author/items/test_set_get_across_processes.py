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

def test_set_get_across_processes(tmp_path):
    assert run(["--file", "s", "set", "db.host", "h1"], tmp_path).returncode == 0
    res = run(["--file", "s", "get", "db.host"], tmp_path)
    assert (res.returncode, res.stdout) == (0, "h1\n")
