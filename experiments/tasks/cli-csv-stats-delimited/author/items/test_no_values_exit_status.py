import os
import subprocess
import sys

APP = os.environ.get("APP_DIR", os.getcwd())
SCRIPT = os.path.join(APP, "colstats.py")


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

def test_no_values_exit_status(tmp_path):
    (tmp_path / "d.csv").write_text("v\nx\n", encoding="utf-8")
    res = run(["d.csv", "v"], tmp_path)
    assert res.returncode == 1
    assert res.stdout == ""
    assert res.stderr
