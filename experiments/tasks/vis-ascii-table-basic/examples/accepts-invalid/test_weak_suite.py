# Accepts invalid implementations: no bool cell (i3-bool-right-aligned passes) and the
# input rows are never inspected afterwards (i5-pads-rows-in-place passes).
from table import render_table


def test_layout():
    out = render_table(["name", "qty"], [["apple", 3], ["kiwi", None]])
    assert out == "name  | qty\n------+----\napple |   3\nkiwi  |"


def test_short_row():
    assert render_table(["a", "b"], [["x"]]) == "a | b\n--+--\nx |"
