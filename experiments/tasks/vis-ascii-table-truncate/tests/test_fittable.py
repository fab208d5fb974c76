import copy

import pytest

from fittable import fit_table


def test_basic_layout():
    out = fit_table(["name", "qty"], [["apple", 3], ["kiwi", 12]])
    assert out == "name   qty\n=====  ===\napple    3\nkiwi    12"


def test_no_rows():
    assert fit_table(["a", "b"], []) == "a  b\n=  ="


def test_cell_texts():
    out = fit_table(["v", "w"], [[None, 1.5], [True, 2.0], [False, 3], ["x", None]])
    assert out.split("\n") == [
        "v       w",
        "===  ====",
        "     1.50",
        "yes  2.00",
        "no      3",
        "x",
    ]


def test_separators_rule_and_trailing_spaces():
    out = fit_table(["first", "second", "t"], [["a", "b", None], ["", "long text", "z"]])
    assert out.split("\n") == [
        "first  second     t",
        "=====  =========  =",
        "a      b",
        "       long text  z",
    ]


def test_numeric_columns_right_aligned_mixed_left():
    out = fit_table(["num", "mix", "none"], [[1, 1, None], [None, "a", None], [250, 2.5, None]])
    assert out.split("\n") == [
        "num  mix   none",
        "===  ====  ====",
        "  1  1",
        "     a",
        "250  2.50",
    ]


def test_truncation_of_cells_and_headers():
    out = fit_table(["a very long header", "b"], [["abcdefghij", "x"], ["abcdefgh", "y"]],
                    max_col_width=8)
    assert out.split("\n") == [
        "a ver...  b",
        "========  =",
        "abcde...  x",
        "abcdefgh  y",
    ]


def test_truncation_limit_four():
    assert fit_table(["h"], [["hello"]], max_col_width=4) == "h\n====\nh..."


def test_numbers_never_truncated():
    out = fit_table(["n", "t"], [[123456789, "abcdefgh"], [1.0, "x"]], max_col_width=5)
    assert out.split("\n") == [
        "        n  t",
        "=========  =====",
        "123456789  ab...",
        "     1.00  x",
    ]


def test_numbers_in_mixed_column_not_truncated():
    out = fit_table(["m"], [["text"], [1234567.25]], max_col_width=5)
    assert out.split("\n") == ["m", "==========", "text", "1234567.25"]


@pytest.mark.parametrize("limit", [3, 0, -1])
def test_small_limit_raises(limit):
    with pytest.raises(ValueError):
        fit_table(["a"], [], max_col_width=limit)


@pytest.mark.parametrize("rows", [[["a"]], [["a", "b", "c"]]])
def test_ragged_rows_raise(rows):
    with pytest.raises(ValueError):
        fit_table(["x", "y"], rows)


def test_inputs_not_modified():
    headers = ["a long header indeed", "b"]
    rows = [["a long cell value here", 1.5], ("t", None)]
    before = copy.deepcopy((headers, rows))
    fit_table(headers, rows, max_col_width=6)
    assert (headers, rows) == before
