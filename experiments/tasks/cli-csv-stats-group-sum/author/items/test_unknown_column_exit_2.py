import os
import subprocess
import sys

APP = os.environ.get("APP_DIR", os.getcwd())
SCRIPT = os.path.join(APP, "groupsum.py")


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

def test_unknown_column_exit_2(tmp_path):
    (tmp_path / "s.csv").write_text("region,amount\na,1\n", encoding="utf-8")
    res = run(["s.csv", "--by", "area", "--value", "amount"], tmp_path)
    assert res.returncode == 2
    assert res.stdout == ""
    assert res.stderr
