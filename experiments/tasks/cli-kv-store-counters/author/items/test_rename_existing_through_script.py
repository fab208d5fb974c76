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

def test_rename_existing_through_script(tmp_path):
    run(["--store", "data", "set", "a", "1"], tmp_path)
    run(["--store", "data", "set", "b", "2"], tmp_path)
    res = run(["--store", "data", "rename", "a", "b"], tmp_path)
    assert res.returncode == 1
    assert run(["--store", "data", "get", "b"], tmp_path).stdout == "2\n"
