import os
import subprocess
import sys

import pytest

import wordcount

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


def write(tmp_path, name, text):
    (tmp_path / name).write_text(text, encoding="utf-8")
    return name


def test_default_prints_all_three_counts(tmp_path):
    write(tmp_path, "a.txt", "one two\nthree four five\n")
    res = run(["a.txt"], tmp_path)
    assert res.returncode == 0
    assert res.stdout == "2 5 24 a.txt\n"


def test_counts_keep_fixed_order(tmp_path):
    write(tmp_path, "a.txt", "one two\nthree four five\n")
    assert run(["-c", "-l", "a.txt"], tmp_path).stdout == "2 24 a.txt\n"
    assert run(["-w", "a.txt"], tmp_path).stdout == "5 a.txt\n"
    assert run(["-c", "-w", "-l", "a.txt"], tmp_path).stdout == "2 5 24 a.txt\n"


@pytest.mark.parametrize("text, words", [
    ("alpha\tbeta\n\ngamma  delta\n  epsilon", 5),
    ("well-known -- don't!\n", 3),
    ("   \n\t\n", 0),
    ("x", 1),
])
def test_words_are_non_whitespace_runs(tmp_path, text, words):
    write(tmp_path, "w.txt", text)
    assert run(["-w", "w.txt"], tmp_path).stdout == f"{words} w.txt\n"


def test_lines_count_newlines_and_chars_count_characters(tmp_path):
    write(tmp_path, "u.txt", "abc\nd\u00e9")
    assert run(["-l", "-c", "u.txt"], tmp_path).stdout == "1 6 u.txt\n"
    write(tmp_path, "e.txt", "")
    assert run(["e.txt"], tmp_path).stdout == "0 0 0 e.txt\n"
    write(tmp_path, "n.txt", "a\nb\n\n")
    assert run(["-l", "n.txt"], tmp_path).stdout == "3 n.txt\n"


def test_total_line_for_several_files(tmp_path):
    write(tmp_path, "a.txt", "one two\n")
    write(tmp_path, "b.txt", "three\nfour five six\n")
    res = run(["a.txt", "b.txt"], tmp_path)
    assert res.returncode == 0
    assert res.stdout.splitlines() == ["1 2 8 a.txt", "2 4 20 b.txt", "3 6 28 total"]


def test_no_total_line_for_single_file(tmp_path):
    write(tmp_path, "a.txt", "one two\n")
    assert run(["-w", "a.txt"], tmp_path).stdout.splitlines() == ["2 a.txt"]


def test_unreadable_file_is_reported_and_skipped(tmp_path):
    write(tmp_path, "a.txt", "one two\n")
    write(tmp_path, "b.txt", "three\n")
    res = run(["a.txt", "missing.txt", "b.txt"], tmp_path)
    assert res.returncode == 1
    assert "missing.txt" in res.stderr
    assert res.stdout.splitlines() == ["1 2 8 a.txt", "1 1 6 b.txt", "2 3 14 total"]


def test_only_missing_files(tmp_path):
    res = run(["nope.txt"], tmp_path)
    assert res.returncode == 1
    assert res.stdout == ""
    assert "nope.txt" in res.stderr


@pytest.mark.parametrize("args", [["-x", "a.txt"], [], ["-l"]])
def test_usage_errors_exit_2(tmp_path, args):
    write(tmp_path, "a.txt", "one\n")
    res = run(args, tmp_path)
    assert res.returncode == 2
    assert res.stdout == ""
    assert res.stderr.strip() != ""


def test_main_returns_status_for_files(tmp_path, capsys):
    path = tmp_path / "a.txt"
    path.write_text("hi there\n", encoding="utf-8")
    assert wordcount.main(["-w", str(path)]) == 0
    assert capsys.readouterr().out == f"2 {path}\n"
    assert wordcount.main([str(tmp_path / "gone.txt")]) == 1
