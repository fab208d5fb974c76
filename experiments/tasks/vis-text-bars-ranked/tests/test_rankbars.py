import pytest

from rankbars import rank_bars


def test_ranked_chart():
    out = rank_bars({"pear": 2, "apple": 8, "fig": 2, "kiwi": 0}, width=8, label_width=6)
    assert out.split("\n") == [
        "apple  ======== 8",
        "fig    == 2",
        "pear   == 2",
        "kiwi   0",
    ]


def test_empty_data():
    assert rank_bars({}) == ""


def test_label_field_exact_width():
    out = rank_bars({"abcdefgh": 4, "abcdef": 2, "ab": 1}, width=4, label_width=6)
    assert out.split("\n") == ["abcde~ ==== 4", "abcdef == 2", "ab     = 1"]


def test_label_width_two():
    assert rank_bars({"xyz": 1}, width=1, label_width=2) == "x~ = 1"


@pytest.mark.parametrize("value, length", [(1, 0), (2, 1), (3, 1), (5, 2), (7, 3), (8, 4)])
def test_bars_round_down(value, length):
    out = rank_bars({"a": 8, "b": value}, width=4, label_width=2).split("\n")
    line = out[-1] if value < 8 else out[0]
    bar = "=" * length
    assert line == ("b  " if value < 8 else "a  ") + (bar + " " if bar else "") + str(value)


def test_all_zero():
    assert rank_bars({"b": 0, "a": 0}, label_width=2) == "a  0\nb  0"


def test_top():
    data = {"a": 10, "b": 5, "c": 5, "d": 1}
    assert rank_bars(data, width=10, top=2, label_width=2).split("\n") == [
        "a  ========== 10", "b  ===== 5", "... and 2 more"]
    assert rank_bars(data, width=10, top=4, label_width=2).count("more") == 0
    assert rank_bars(data, width=10, top=9, label_width=2).count("more") == 0


@pytest.mark.parametrize("data", [{"a": 1.5}, {"a": True}, {"a": "3"}])
def test_type_errors(data):
    with pytest.raises(TypeError):
        rank_bars(data)


@pytest.mark.parametrize("kwargs", [
    {"data": {"a": -1}}, {"data": {"a": 1}, "width": 0},
    {"data": {"a": 1}, "label_width": 1}, {"data": {"a": 1}, "top": 0},
])
def test_value_errors(kwargs):
    with pytest.raises(ValueError):
        rank_bars(**kwargs)
