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

import pytest


def put(tmp_path, text, name="data.csv"):
    (tmp_path / name).write_text(text, encoding="utf-8")
    return name


def stats(tmp_path, text, column):
    put(tmp_path, text)
    res = run(["data.csv", "--column", column], tmp_path)
    assert res.returncode == 0, res.stderr
    return res.stdout.splitlines()


def test_five_lines_in_order(tmp_path):
    assert stats(tmp_path, "name,age\nann,30\nbob,40\n", "age") == [
        "count: 2", "missing: 0", "mean: 35.00", "min: 30.00", "max: 40.00"]


def test_selects_named_column(tmp_path):
    text = "a,b,c\n1,10,100\n2,20,200\n"
    assert stats(tmp_path, text, "c")[2:] == ["mean: 150.00", "min: 100.00", "max: 200.00"]


def test_numeric_comparison_and_number_forms(tmp_path):
    text = "v\n9\n10\n100\n1e3\n-0.5\n 7 \n"
    assert stats(tmp_path, text, "v") == [
        "count: 6", "missing: 0", "mean: 187.58", "min: -0.50", "max: 1000.00"]


def test_two_decimal_format(tmp_path):
    assert stats(tmp_path, "v\n1\n2\n", "v")[2:] == [
        "mean: 1.50", "min: 1.00", "max: 2.00"]
    assert stats(tmp_path, "v\n0.125\n", "v")[2] == "mean: 0.12"


def test_missing_cells(tmp_path):
    text = "k,v\na,1\nb,\nc,   \nd\ne,3\n"
    assert stats(tmp_path, text, "v") == [
        "count: 2", "missing: 3", "mean: 2.00", "min: 1.00", "max: 3.00"]


def test_no_numeric_values(tmp_path):
    assert stats(tmp_path, "k,v\na,\nb, \n", "v") == [
        "count: 0", "missing: 2", "mean: n/a", "min: n/a", "max: n/a"]
    assert stats(tmp_path, "k,v\n", "v") == [
        "count: 0", "missing: 0", "mean: n/a", "min: n/a", "max: n/a"]


def test_quoted_cells(tmp_path):
    text = 'label,v\n"x, y",2\n"say ""hi""",4\n'
    assert stats(tmp_path, text, "v")[:3] == ["count: 2", "missing: 0", "mean: 3.00"]


def test_non_numeric_cell_is_error(tmp_path):
    put(tmp_path, "k,v\na,1\nb,abc\n")
    res = run(["data.csv", "--column", "v"], tmp_path)
    assert res.returncode == 1
    assert res.stdout == ""
    assert "abc" in res.stderr


def test_unreadable_file(tmp_path):
    res = run(["nope.csv", "--column", "v"], tmp_path)
    assert res.returncode == 1
    assert res.stdout == ""
    assert res.stderr.strip()


@pytest.mark.parametrize("args", [
    ["data.csv", "--column", "zzz"], ["data.csv"], ["--column", "v"],
])
def test_usage_errors(tmp_path, args):
    put(tmp_path, "k,v\na,1\n")
    res = run(args, tmp_path)
    assert res.returncode == 2
    assert res.stdout == ""
    assert res.stderr.strip()
