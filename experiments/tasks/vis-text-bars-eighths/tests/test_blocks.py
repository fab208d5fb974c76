import pytest

from blocks import percent_bars

FULL = "\u2588"
PARTS = "\u258f\u258e\u258d\u258c\u258b\u258a\u2589"


def test_lines_layout():
    out = percent_bars([("cpu", 0.5), ("memory", 1.0), ("disk", 0.0)], width=4)
    assert out.split("\n") == [
        "cpu    " + FULL * 2 + "   " + " 50.0%",
        "memory " + FULL * 4 + " " + "100.0%",
        "disk   " + "    " + " " + "  0.0%",
    ]


@pytest.mark.parametrize("eighths", range(0, 17))
def test_every_partial_block(eighths):
    fraction = eighths / 16
    line = percent_bars([("x", fraction)], width=2)
    expected = FULL * (eighths // 8) + (PARTS[eighths % 8 - 1] if eighths % 8 else "")
    assert line[2:4] == expected.ljust(2)


def test_half_eighth_rounds_up():
    assert percent_bars([("a", 1 / 32)], width=2)[2] == PARTS[0]
    assert percent_bars([("a", 3 / 32)], width=2)[2] == PARTS[1]


def test_bar_field_fixed_width():
    out = percent_bars([("a", 0.05), ("b", 0.3)], width=10)
    lines = out.split("\n")
    assert [len(line) for line in lines] == [19, 19]
    assert lines[0] == "a " + PARTS[3] + " " * 9 + "   5.0%"
    assert lines[1] == "b " + FULL * 3 + " " * 7 + "  30.0%"


def test_percentages():
    out = percent_bars([("a", 0.125), ("b", 0.999), ("c", 0.0625)], width=8)
    assert [line[-6:] for line in out.split("\n")] == [" 12.5%", " 99.9%", "  6.2%"]


@pytest.mark.parametrize("items, width", [
    ([("a", -0.01)], 10), ([("a", 1.01)], 10), ([("a", 0.5)], 0),
])
def test_errors(items, width):
    with pytest.raises(ValueError):
        percent_bars(items, width=width)


def test_empty_items():
    assert percent_bars([]) == ""


def test_default_width():
    assert percent_bars([("a", 1)]) == "a " + FULL * 20 + " 100.0%"
