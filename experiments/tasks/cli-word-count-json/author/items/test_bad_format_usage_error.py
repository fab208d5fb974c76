import os
import subprocess
import sys

APP = os.environ.get("APP_DIR", os.getcwd())
SCRIPT = os.path.join(APP, "countjson.py")


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

def test_bad_format_usage_error(tmp_path):
    (tmp_path / "a.txt").write_text("x\n", encoding="utf-8")
    res = run(["--format", "yaml", "a.txt"], tmp_path)
    assert res.returncode == 2
    assert res.stdout == ""
    assert res.stderr
