import copy

import pytest

from table import render_table


def test_layout_lines_in_order():
    out = render_table(["name", "qty"], [["apple", 3], ["kiwi", 12]])
    assert out == "\n".join([
        "name  | qty",
        "------+----",
        "apple |   3",
        "kiwi  |  12",
    ])


def test_no_rows():
    assert render_table(["a", "bb"], []) == "a | bb\n--+---"


def test_width_includes_header_and_none_is_empty():
    out = render_table(["description", "n"], [["x", None], [None, 5]])
    assert out.split("\n") == [
        "description | n",
        "------------+--",
        "x           |",
        "            | 5",
    ]


def test_alignment_rules():
    rows = [[1234.5, "float"], [True, "bool"], ["12", "str"], [-3, "int"]]
    out = render_table(["v", "kind"], rows)
    assert out.split("\n") == [
        "v      | kind",
        "-------+------",
        "1234.5 | float",
        "True   | bool",
        "12     | str",
        "    -3 | int",
    ]


def test_headers_are_left_aligned_over_numbers():
    out = render_table(["total"], [[7]])
    assert out == "total\n-----\n    7"


def test_no_trailing_spaces_anywhere():
    out = render_table(["a", "b", "c"], [["long text", "", None], ["x", "y", "zzz"]])
    assert out.split("\n") == [
        "a         | b | c",
        "----------+---+----",
        "long text |   |",
        "x         | y | zzz",
    ]
    assert all(line == line.rstrip(" ") for line in out.split("\n"))


def test_short_rows_are_filled_and_tuples_accepted():
    out = render_table(["a", "b", "c"], [("x",), ("y", 2)])
    assert out.split("\n") == ["a | b | c", "--+---+--", "x |   |", "y | 2 |"]


def test_long_row_raises():
    with pytest.raises(ValueError):
        render_table(["a"], [["x", "y"]])


def test_inputs_not_modified():
    headers = ["a", "b"]
    rows = [["x"], ["y", 1]]
    before = (copy.deepcopy(headers), copy.deepcopy(rows))
    render_table(headers, rows)
    assert (headers, rows) == before
