import copy

import pytest

from columns import layout


def test_rows_become_lines():
    assert layout([["a", "bb"], ["ccc", "d"]], "ll") == ["a    bb", "ccc  d"]
    assert layout([["a", "bb"], ["ccc", "d"]], "ll", gap=1) == ["a   bb", "ccc d"]


def test_empty_rows():
    assert layout([], "lrc") == []


def test_ragged_rows():
    out = layout([["a"], ["b", "cc", "d"], []], "r")
    assert out == ["a", "b  cc  d", ""]


@pytest.mark.parametrize("cell, width, expected", [
    ("ab", 5, " ab  "),
    ("a", 4, " a  "),
    ("abc", 6, " abc  "),
    ("ab", 4, " ab "),
    ("abcd", 4, "abcd"),
])
def test_centring_puts_odd_space_right(cell, width, expected):
    out = layout([[cell, "|"], ["x" * width, "|"]], "cl")
    assert out[0] == expected + "  |"


def test_right_alignment():
    assert layout([["1", "x"], ["100", "y"]], "rl") == ["  1  x", "100  y"]


def test_last_code_repeats_and_defaults():
    rows = [["a", "b", "c"], ["aaa", "bbb", "ccc"]]
    assert layout(rows, "lr") == ["a      b    c", "aaa  bbb  ccc"]
    assert layout(rows, "") == ["a    b    c", "aaa  bbb  ccc"]
    assert layout(rows, "rllll") == ["  a  b    c", "aaa  bbb  ccc"]


@pytest.mark.parametrize("align", ["x", "lL", "l r"])
def test_bad_codes(align):
    with pytest.raises(ValueError):
        layout([["a", "b"]], align)


def test_no_trailing_spaces():
    out = layout([["long", ""], ["x", "y"], ["ab", ""]], "lc")
    assert out == ["long", "x     y", "ab"]


@pytest.mark.parametrize("gap", [0, -2])
def test_bad_gap(gap):
    with pytest.raises(ValueError):
        layout([["a"]], "l", gap=gap)


def test_line_break_in_cell():
    with pytest.raises(ValueError):
        layout([["a"], ["b\nc"]], "l")


def test_rows_not_modified():
    rows = [["a"], ["b", "cc"]]
    before = copy.deepcopy(rows)
    layout(rows, "c")
    assert rows == before
