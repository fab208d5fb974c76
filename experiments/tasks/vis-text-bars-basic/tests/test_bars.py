import pytest

from bars import render_bars


def test_chart_layout():
    out = render_bars([("apples", 8), ("kiwi", 4), ("fig", 2)], width=8)
    assert out == "apples | ######## 8\nkiwi   | #### 4\nfig    | ## 2"


@pytest.mark.parametrize("value, expected", [(1, 1), (3, 2), (5, 3), (7, 4), (2, 1), (6, 3)])
def test_half_rounds_up(value, expected):
    line = render_bars([("top", 8), ("v", value)], width=4).split("\n")[1]
    assert line == "v   | " + "#" * expected + f" {value}"


def test_largest_value_gets_full_width():
    out = render_bars([("a", 3), ("b", 300)], width=10).split("\n")
    assert out[1] == "b | ########## 300"
    assert out[0] == "a | 3"


def test_value_texts():
    out = render_bars([("x", 2.0), ("y", 0.25), ("z", 4)], width=4).split("\n")
    assert out == ["x | ## 2", "y | 0.25", "z | #### 4"]


def test_zero_and_all_zero():
    assert render_bars([("a", 0), ("b", 4)], width=2) == "a | 0\nb | ## 4"
    assert render_bars([("a", 0), ("bb", 0.0)]) == "a  | 0\nbb | 0"


@pytest.mark.parametrize("items, width", [
    ([("a", -1), ("b", 2)], 10), ([("a", 1)], 0), ([("a", 1)], -5), ([], 0),
])
def test_errors(items, width):
    with pytest.raises(ValueError):
        render_bars(items, width=width)


def test_empty_items():
    assert render_bars([]) == ""


def test_default_width_is_forty():
    assert render_bars([("a", 2), ("b", 1)]).split("\n") == [
        "a | " + "#" * 40 + " 2", "b | " + "#" * 20 + " 1"]
