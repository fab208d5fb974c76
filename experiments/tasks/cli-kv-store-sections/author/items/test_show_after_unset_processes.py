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

def test_show_after_unset_processes(tmp_path):
    run(["--file", "s", "set", "a.x", "1"], tmp_path)
    run(["--file", "s", "set", "b.y", "2"], tmp_path)
    run(["--file", "s", "unset", "a.x"], tmp_path)
    assert run(["--file", "s", "show"], tmp_path).stdout == "[b]\ny = 2\n"
