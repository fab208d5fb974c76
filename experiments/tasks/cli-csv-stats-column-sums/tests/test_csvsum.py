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

import pytest


def report(tmp_path, text, *args):
    (tmp_path / "d.csv").write_text(text, encoding="utf-8")
    res = run(["d.csv", *args], tmp_path)
    assert res.returncode == 0, res.stderr
    return res.stdout.splitlines()


def test_every_column_in_header_order(tmp_path):
    assert report(tmp_path, "a,b\n1,10\n2,20\n") == [
        "a: count=2 sum=3.00 mean=1.50", "b: count=2 sum=30.00 mean=15.00"]


def test_columns_option_sets_order(tmp_path):
    text = "a,b,c\n1,2,3\n"
    assert report(tmp_path, text, "--columns", "c,a") == [
        "c: count=1 sum=3.00 mean=3.00", "a: count=1 sum=1.00 mean=1.00"]


def test_precision(tmp_path):
    assert report(tmp_path, "v\n1\n2\n", "--precision", "3") == [
        "v: count=2 sum=3.000 mean=1.500"]
    assert report(tmp_path, "v\n1\n4\n", "--precision", "0") == ["v: count=2 sum=5 mean=2"]


def test_empty_cells_and_empty_columns(tmp_path):
    text = "a,b\n1,\n ,  \n3,\n"
    assert report(tmp_path, text) == [
        "a: count=2 sum=4.00 mean=2.00", "b: count=0 sum=0.00 mean=n/a"]
    assert report(tmp_path, text, "--precision", "1", "--columns", "b") == [
        "b: count=0 sum=0.0 mean=n/a"]


def test_non_numeric_column(tmp_path):
    text = "a,b\n1,x\n2,3\n"
    assert report(tmp_path, text) == ["a: count=2 sum=3.00 mean=1.50", "b: not numeric"]


def test_quoted_fields(tmp_path):
    text = 'a,b,c\n"12","1,5",4\n" 3 ","say ""hi""","5"\n'
    assert report(tmp_path, text) == [
        "a: count=2 sum=15.00 mean=7.50", "b: not numeric", "c: count=2 sum=9.00 mean=4.50"]


def test_quoted_line_break(tmp_path):
    text = 'note,v\n"two\nlines",2\nplain,3\n'
    assert report(tmp_path, text, "--columns", "v") == ["v: count=2 sum=5.00 mean=2.50"]


def test_short_rows_have_empty_cells(tmp_path):
    assert report(tmp_path, "a,b,c\n1\n2,5\n") == [
        "a: count=2 sum=3.00 mean=1.50", "b: count=1 sum=5.00 mean=5.00",
        "c: count=0 sum=0.00 mean=n/a"]


def test_long_row_is_error(tmp_path):
    (tmp_path / "d.csv").write_text("a,b\n1,2\n3,4\n5,6,7\n", encoding="utf-8")
    res = run(["d.csv"], tmp_path)
    assert res.returncode == 1
    assert res.stdout == ""
    assert "4" in res.stderr


def test_unknown_columns_are_named(tmp_path):
    (tmp_path / "d.csv").write_text("a,b\n1,2\n", encoding="utf-8")
    res = run(["d.csv", "--columns", "a,zeta,omega"], tmp_path)
    assert res.returncode == 2
    assert res.stdout == ""
    assert "zeta" in res.stderr and "omega" in res.stderr


@pytest.mark.parametrize("args", [
    ["d.csv", "--precision", "11"], ["d.csv", "--precision", "-1"],
    ["d.csv", "--precision", "two"], [],
])
def test_usage_errors(tmp_path, args):
    (tmp_path / "d.csv").write_text("a\n1\n", encoding="utf-8")
    res = run(args, tmp_path)
    assert res.returncode == 2
    assert res.stdout == ""
    assert res.stderr.strip()


def test_unreadable_file(tmp_path):
    res = run(["gone.csv"], tmp_path)
    assert res.returncode == 1
    assert res.stdout == ""
