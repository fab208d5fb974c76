import os
import subprocess
import sys

APP = os.environ.get("APP_DIR", os.getcwd())
SCRIPT = os.path.join(APP, "csvstats.py")


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

# Accepts invalid implementations: no cell uses exponent notation
# (i2-decimal-pattern-only passes) and no cell is whitespace-only
# (i4-whitespace-cell-is-error passes).


def put(tmp_path, text):
    (tmp_path / "d.csv").write_text(text, encoding="utf-8")


def test_summary(tmp_path):
    put(tmp_path, "k,v\na,9\nb,10\nc,\n")
    res = run(["d.csv", "--column", "v"], tmp_path)
    assert res.returncode == 0
    assert res.stdout.splitlines() == [
        "count: 2", "missing: 1", "mean: 9.50", "min: 9.00", "max: 10.00"]


def test_empty_column(tmp_path):
    put(tmp_path, "k,v\na,\n")
    assert run(["d.csv", "--column", "v"], tmp_path).stdout.splitlines()[2] == "mean: n/a"


def test_errors(tmp_path):
    put(tmp_path, "k,v\na,x1\n")
    assert run(["d.csv", "--column", "v"], tmp_path).returncode == 1
    assert run(["d.csv", "--column", "w"], tmp_path).returncode == 2
