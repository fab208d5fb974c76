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

def test_unknown_columns_named(tmp_path):
    (tmp_path / "d.csv").write_text("a\n1\n", encoding="utf-8")
    res = run(["d.csv", "--columns", "x,a,y"], tmp_path)
    assert res.returncode == 2
    assert res.stdout == ""
    assert "x" in res.stderr and "y" in res.stderr
