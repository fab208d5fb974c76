import os
import subprocess
import sys

APP = os.environ.get("APP_DIR", os.getcwd())
SCRIPT = os.path.join(APP, "csvsum.py")


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

def test_long_row_exit_1(tmp_path):
    (tmp_path / "d.csv").write_text("a,b\n1,2\n3,4,5\n", encoding="utf-8")
    res = run(["d.csv"], tmp_path)
    assert res.returncode == 1
    assert res.stdout == ""
    assert "3" in res.stderr
