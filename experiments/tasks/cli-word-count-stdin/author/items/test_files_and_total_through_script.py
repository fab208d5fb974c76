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

def test_files_and_total_through_script(tmp_path):
    (tmp_path / "a.txt").write_text("a b\n", encoding="utf-8")
    (tmp_path / "b.txt").write_text("c\n", encoding="utf-8")
    res = run(["-w", "a.txt", "b.txt"], tmp_path)
    assert res.returncode == 0
    assert res.stdout == "      2 a.txt\n      1 b.txt\n      3 total\n"
