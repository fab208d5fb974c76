import os
import subprocess
import sys

APP = os.environ.get("APP_DIR", os.getcwd())
SCRIPT = os.path.join(APP, "tally.py")


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


def write(tmp_path, name, text):
    (tmp_path / name).write_text(text, encoding="utf-8")


def test_stdin_without_files_prints_counts_only(tmp_path):
    res = run([], tmp_path, stdin="one two\nthree\n")
    assert res.returncode == 0
    assert res.stdout == "      2       3      14\n"


def test_file_lines_carry_the_name(tmp_path):
    write(tmp_path, "a.txt", "one two\nthree\n")
    res = run(["a.txt"], tmp_path)
    assert res.returncode == 0
    assert res.stdout == "      2       3      14 a.txt\n"


def test_option_selection_and_fixed_order(tmp_path):
    write(tmp_path, "a.txt", "one two\nthree four five six\nx")
    assert run(["-L", "-l", "a.txt"], tmp_path).stdout == "      2      19 a.txt\n"
    assert run(["-m", "-w", "a.txt"], tmp_path).stdout == "      7      29 a.txt\n"


@pytest.mark.parametrize("text, longest", [
    ("ab\ncdef\n", 4),
    ("ab\ncdefg", 5),
    ("", 0),
    ("\n\n", 0),
    ("h\u00e9llo\n", 5),
])
def test_longest_line_excludes_newline(tmp_path, text, longest):
    res = run(["-L"], tmp_path, stdin=text)
    assert res.stdout == f"{longest:>7}\n"


def test_dash_reads_standard_input(tmp_path):
    write(tmp_path, "a.txt", "one\n")
    res = run(["-w", "a.txt", "-"], tmp_path, stdin="two three\n")
    assert res.returncode == 0
    assert res.stdout.splitlines() == ["      1 a.txt", "      2 -", "      3 total"]


def test_total_sums_counts_and_takes_longest_max(tmp_path):
    write(tmp_path, "a.txt", "abc\nde\n")
    write(tmp_path, "b.txt", "abcdefgh\n")
    res = run(["-l", "-L", "a.txt", "b.txt"], tmp_path)
    assert res.stdout.splitlines() == [
        "      2       3 a.txt",
        "      1       8 b.txt",
        "      3       8 total",
    ]


def test_no_total_for_single_file(tmp_path):
    write(tmp_path, "a.txt", "abc\n")
    assert run(["-l", "a.txt"], tmp_path).stdout.splitlines() == ["      1 a.txt"]


def test_wide_numbers_take_their_room(tmp_path):
    res = run(["-m", "-l"], tmp_path, stdin="x" * 12345678 + "\n")
    assert res.stdout == "      1 12345679\n"


def test_unreadable_file_reported_and_others_counted(tmp_path):
    write(tmp_path, "a.txt", "one\n")
    res = run(["-l", "a.txt", "gone.txt"], tmp_path)
    assert res.returncode == 1
    assert "gone.txt" in res.stderr
    assert res.stdout.splitlines() == ["      1 a.txt", "      1 total"]


def test_unknown_option_is_usage_error(tmp_path):
    write(tmp_path, "a.txt", "one\n")
    res = run(["-z", "a.txt"], tmp_path)
    assert res.returncode == 2
    assert res.stdout == ""
    assert res.stderr.strip()
