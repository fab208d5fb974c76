import os
import subprocess
import sys

APP = os.environ.get("APP_DIR", os.getcwd())
SCRIPT = os.path.join(APP, "wordfreq.py")


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


def put(tmp_path, name, text):
    (tmp_path / name).write_text(text, encoding="utf-8")
    return name


def lines_of(tmp_path, *args):
    res = run(list(args), tmp_path)
    assert res.returncode == 0, res.stderr
    return res.stdout.splitlines()


def test_counts_over_all_files(tmp_path):
    put(tmp_path, "a.txt", "red green red\n")
    put(tmp_path, "b.txt", "green red blue\n")
    assert lines_of(tmp_path, "a.txt", "b.txt") == ["3 red", "2 green", "1 blue"]


def test_word_never_spans_files(tmp_path):
    put(tmp_path, "a.txt", "ab")
    put(tmp_path, "b.txt", "cd")
    assert lines_of(tmp_path, "a.txt", "b.txt") == ["1 ab", "1 cd"]


def test_word_definition(tmp_path):
    put(tmp_path, "w.txt", "don't 'quoted' rock'n'roll snake_case x--y it''s caf\u00e9 42nd\n")
    assert sorted(lines_of(tmp_path, "w.txt")) == sorted([
        "1 don't", "1 quoted", "1 rock'n'roll", "1 snake", "1 case", "1 x", "1 y",
        "1 it", "1 s", "1 caf\u00e9", "1 42nd",
    ])


def test_ties_ordered_by_plain_string_comparison(tmp_path):
    put(tmp_path, "t.txt", "pear apple Zoo pear apple Zoo banana\n")
    assert lines_of(tmp_path, "t.txt") == ["2 Zoo", "2 apple", "2 pear", "1 banana"]


def test_case_sensitive_by_default(tmp_path):
    put(tmp_path, "c.txt", "The the THE the\n")
    assert lines_of(tmp_path, "c.txt") == ["2 the", "1 THE", "1 The"]


def test_ignore_case_lowercases(tmp_path):
    put(tmp_path, "c.txt", "The the THE Cat\n")
    assert lines_of(tmp_path, "--ignore-case", "c.txt") == ["3 the", "1 cat"]


def test_min_length_keeps_exact_length(tmp_path):
    put(tmp_path, "m.txt", "a an ant ants an't\n")
    assert lines_of(tmp_path, "--min-length", "3", "m.txt") == ["1 an't", "1 ant", "1 ants"]
    assert lines_of(tmp_path, "--min-length", "1", "m.txt") == [
        "1 a", "1 an", "1 an't", "1 ant", "1 ants"]


def test_top_limits_output(tmp_path):
    put(tmp_path, "t.txt", "a a a b b c d\n")
    assert lines_of(tmp_path, "--top", "2", "t.txt") == ["3 a", "2 b"]


def test_top_larger_than_vocabulary(tmp_path):
    put(tmp_path, "t.txt", "a a b\n")
    assert lines_of(tmp_path, "--top", "10", "t.txt") == ["2 a", "1 b"]


def test_empty_input_prints_nothing(tmp_path):
    put(tmp_path, "e.txt", "-- ...\n")
    assert lines_of(tmp_path, "--top", "3", "e.txt") == []


def test_unreadable_file_prints_nothing(tmp_path):
    put(tmp_path, "a.txt", "word\n")
    res = run(["a.txt", "missing.txt"], tmp_path)
    assert res.returncode == 1
    assert res.stdout == ""
    assert "missing.txt" in res.stderr


@pytest.mark.parametrize("args", [
    ["--top", "0", "a.txt"], ["--top", "x", "a.txt"], ["--min-length", "-1", "a.txt"],
    ["--bogus", "a.txt"], [],
])
def test_usage_errors(tmp_path, args):
    put(tmp_path, "a.txt", "word\n")
    res = run(args, tmp_path)
    assert res.returncode == 2
    assert res.stdout == ""
    assert res.stderr.strip()
