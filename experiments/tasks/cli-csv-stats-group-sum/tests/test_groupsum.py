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

import csv
import io

import pytest

SALES = (
    "region,product,amount\n"
    "east,pen,1.5\n"
    "west,ink,2\n"
    "east,pad,3.25\n"
    "north,pen,10\n"
    "west,pad,0.5\n"
)


def rows_for(tmp_path, text, *extra):
    (tmp_path / "s.csv").write_text(text, encoding="utf-8")
    res = run(["s.csv", "--by", "region", "--value", "amount", *extra], tmp_path)
    assert res.returncode == 0, res.stderr
    return list(csv.reader(io.StringIO(res.stdout)))


def test_header_then_groups_in_first_appearance_order(tmp_path):
    assert rows_for(tmp_path, SALES) == [
        ["group", "count", "sum"],
        ["east", "2", "4.75"],
        ["west", "2", "2.50"],
        ["north", "1", "10.00"],
    ]


def test_output_is_plain_csv_lines(tmp_path):
    (tmp_path / "s.csv").write_text('region,amount\n"a, b",1\nc,2\n', encoding="utf-8")
    res = run(["s.csv", "--by", "region", "--value", "amount"], tmp_path)
    assert res.stdout == 'group,count,sum\n"a, b",1,1.00\nc,1,2.00\n'


def test_sort_name(tmp_path):
    assert [r[0] for r in rows_for(tmp_path, SALES, "--sort", "name")[1:]] == [
        "east", "north", "west"]


def test_sort_count_keeps_first_appearance_for_ties(tmp_path):
    text = "region,amount\nb,1\na,1\nc,1\nc,1\na,1\nd,1\n"
    assert [r[0] for r in rows_for(tmp_path, text, "--sort", "count")[1:]] == [
        "a", "c", "b", "d"]


def test_keys_are_stripped_and_blank_group(tmp_path):
    text = "region,amount\n east ,1\neast,2\n,4\n   ,8\n"
    assert rows_for(tmp_path, text)[1:] == [["east", "2", "3.00"], ["(blank)", "2", "12.00"]]


def test_short_rows(tmp_path):
    text = "amount,region,x\n5\n6,west\n"
    (tmp_path / "s.csv").write_text(text, encoding="utf-8")
    res = run(["s.csv", "--by", "region", "--value", "amount"], tmp_path)
    assert res.stdout == "group,count,sum\n(blank),1,5.00\nwest,1,6.00\n"


def test_rows_without_value_are_skipped(tmp_path):
    text = "region,amount\na,1\nb,\nb,  \na,\nc\n"
    assert rows_for(tmp_path, text)[1:] == [["a", "1", "1.00"]]


def test_non_numeric_value(tmp_path):
    (tmp_path / "s.csv").write_text("region,amount\na,1\nb,lots\n", encoding="utf-8")
    res = run(["s.csv", "--by", "region", "--value", "amount"], tmp_path)
    assert res.returncode == 1
    assert res.stdout == ""
    assert "lots" in res.stderr


def test_unreadable_file(tmp_path):
    res = run(["none.csv", "--by", "region", "--value", "amount"], tmp_path)
    assert res.returncode == 1
    assert res.stdout == ""


@pytest.mark.parametrize("args", [
    ["s.csv", "--by", "nope", "--value", "amount"],
    ["s.csv", "--by", "region", "--value", "nope"],
    ["s.csv", "--by", "region"],
    ["s.csv", "--by", "region", "--value", "amount", "--sort", "sum"],
])
def test_usage_errors(tmp_path, args):
    (tmp_path / "s.csv").write_text(SALES, encoding="utf-8")
    res = run(args, tmp_path)
    assert res.returncode == 2
    assert res.stdout == ""
    assert res.stderr.strip()
