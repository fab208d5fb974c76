import os
import subprocess
import sys

APP = os.environ.get("APP_DIR", os.getcwd())
SCRIPT = os.path.join(APP, "wordfreq.py")


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

def test_missing_file_no_output(tmp_path):
    (tmp_path / "a.txt").write_text("x\n", encoding="utf-8")
    res = run(["a.txt", "gone.txt"], tmp_path)
    assert res.returncode == 1
    assert res.stdout == ""
    assert "gone.txt" in res.stderr
