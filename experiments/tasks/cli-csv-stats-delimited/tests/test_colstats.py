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

import pytest


def summary(tmp_path, text, *args, name="d.csv"):
    (tmp_path / name).write_text(text, encoding="utf-8")
    res = run([name, *args], tmp_path)
    assert res.returncode == 0, res.stderr
    return res.stdout


def test_summary_line(tmp_path):
    out = summary(tmp_path, "name,score\na,1\nb,9\nc,4\nd,4\n", "score")
    assert out == "n=4 min=1 max=9 mean=4.5 median=4 skipped=0\n"


def test_six_significant_digits(tmp_path):
    out = summary(tmp_path, "v\n1\n0\n0\n", "v")
    assert out == "n=3 min=0 max=1 mean=0.333333 median=0 skipped=0\n"
    out = summary(tmp_path, "v\n1234567\n2.5\n", "v")
    assert out == "n=2 min=2.5 max=1.23457e+06 mean=617285 median=617285 skipped=0\n"


def test_no_header_uses_one_based_number(tmp_path):
    out = summary(tmp_path, "1,10\n2,20\n3,30\n", "2", "--no-header")
    assert out == "n=3 min=10 max=30 mean=20 median=20 skipped=0\n"
    out = summary(tmp_path, "1,10\n2,20\n3,30\n", "--no-header", "1")
    assert out.startswith("n=3 min=1 max=3 ")


def test_header_row_is_not_data(tmp_path):
    out = summary(tmp_path, "5\n1\n2\n", "5")
    assert out == "n=2 min=1 max=2 mean=1.5 median=1.5 skipped=0\n"


def test_delimiters(tmp_path):
    assert summary(tmp_path, "a;b\n1;2\n3;4\n", "b", "--delimiter", ";").startswith(
        "n=2 min=2 max=4 ")
    assert summary(tmp_path, "a\tb\n1\t2\n3\t8\n", "--delimiter", "tab", "b").startswith(
        "n=2 min=2 max=8 ")


def test_median_even_count(tmp_path):
    out = summary(tmp_path, "v\n7\n1\n3\n10\n", "v")
    assert out == "n=4 min=1 max=10 mean=5.25 median=5 skipped=0\n"


def test_skipped_cells_and_short_rows(tmp_path):
    out = summary(tmp_path, "k,v\na,1\nb,\nc,x\nd\ne, 3 \n", "v")
    assert out == "n=2 min=1 max=3 mean=2 median=2 skipped=3\n"


def test_no_usable_values(tmp_path):
    (tmp_path / "d.csv").write_text("k,v\na,\nb,x\n", encoding="utf-8")
    res = run(["d.csv", "v"], tmp_path)
    assert res.returncode == 1
    assert res.stdout == ""
    assert res.stderr.strip()


def test_unreadable_file(tmp_path):
    res = run(["gone.csv", "v"], tmp_path)
    assert res.returncode == 1
    assert res.stdout == ""


@pytest.mark.parametrize("args", [
    ["d.csv", "zz"], ["d.csv", "3", "--no-header"], ["d.csv", "0", "--no-header"],
    ["d.csv", "v", "--delimiter", "::"], ["d.csv"], ["d.csv", "v", "--bogus"],
])
def test_usage_errors(tmp_path, args):
    (tmp_path / "d.csv").write_text("k,v\na,1\n", encoding="utf-8")
    res = run(args, tmp_path)
    assert res.returncode == 2
    assert res.stdout == ""
    assert res.stderr.strip()
