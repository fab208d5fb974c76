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

def test_top_larger_through_script(tmp_path):
    (tmp_path / "a.txt").write_text("x y x\n", encoding="utf-8")
    res = run(["--top", "9", "a.txt"], tmp_path)
    assert res.returncode == 0
    assert res.stdout == "2 x\n1 y\n"
