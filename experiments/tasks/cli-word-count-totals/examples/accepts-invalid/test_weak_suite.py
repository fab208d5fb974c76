import os
import subprocess
import sys

APP = os.environ.get("APP_DIR", os.getcwd())
SCRIPT = os.path.join(APP, "wordcount.py")


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


# Accepts invalid implementations: this suite never checks that a single FILE prints no
# total line (i4-total-for-single-file passes) nor that processing continues after an
# unreadable file (i5-stops-at-missing-file passes).


def test_default_counts(tmp_path):
    (tmp_path / "a.txt").write_text("one two\nthree four five\n", encoding="utf-8")
    res = run(["a.txt", "a.txt"], tmp_path)
    assert res.returncode == 0
    assert res.stdout.splitlines()[0] == "2 5 24 a.txt"


def test_order_and_words(tmp_path):
    (tmp_path / "w.txt").write_text("alpha\tbeta\n\ngamma  delta\ndon't", encoding="utf-8")
    assert run(["-w", "-l", "w.txt", "w.txt"], tmp_path).stdout.splitlines()[0] == "3 5 w.txt"
    assert run(["-c", "w.txt", "w.txt"], tmp_path).stdout.splitlines()[-1] == "60 total"


def test_missing_file_status(tmp_path):
    res = run(["missing.txt"], tmp_path)
    assert res.returncode == 1
    assert "missing.txt" in res.stderr
