import os
import subprocess
import sys

APP = os.environ.get("APP_DIR", os.getcwd())
SCRIPT = os.path.join(APP, "tally.py")


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

def test_missing_file_exit_status(tmp_path):
    (tmp_path / "a.txt").write_text("a\n", encoding="utf-8")
    res = run(["-l", "a.txt", "missing.txt"], tmp_path)
    assert res.returncode == 1
    assert "missing.txt" in res.stderr
    assert res.stdout.splitlines()[0] == "      1 a.txt"
