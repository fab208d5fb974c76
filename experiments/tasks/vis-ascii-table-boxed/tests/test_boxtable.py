import pytest

from boxtable import render_box


def test_full_table():
    out = render_box(["fruit", "qty"], [["apple", 3], ["kiwi", 12]])
    assert out == "\n".join([
        "+-------+-----+",
        "| fruit | qty |",
        "+=======+=====+",
        "| apple |   3 |",
        "| kiwi  |  12 |",
        "+-------+-----+",
    ])


def test_widths_include_headers_and_none_is_empty():
    out = render_box(["description", "n"], [[None, 7], ["x", None]])
    assert out.split("\n") == [
        "+-------------+---+",
        "| description | n |",
        "+=============+===+",
        "|             | 7 |",
        "| x           |   |",
        "+-------------+---+",
    ]


def test_alignment():
    out = render_box(["v"], [[2.25], [True], ["text"], [-10], [10000.5]])
    assert out.split("\n")[3:8] == [
        "|    2.25 |", "| True    |", "| text    |", "|     -10 |", "| 10000.5 |"]


def test_every_line_same_length_and_corners_line_up():
    out = render_box(["a", "bbbb", "c"], [["xx", 1, None], ["y", 22222, "zz"]])
    lines = out.split("\n")
    assert len({len(line) for line in lines}) == 1
    bars = [i for i, ch in enumerate(lines[1]) if ch == "|"]
    for border in (lines[0], lines[2], lines[-1]):
        assert [i for i, ch in enumerate(border) if ch == "+"] == bars


def test_no_rows():
    assert render_box(["only"], []) == "+------+\n| only |\n+======+\n+------+"


@pytest.mark.parametrize("rows", [[["a"]], [["a", "b", "c"]], [["a", "b"], ("c",)]])
def test_row_length_mismatch(rows):
    with pytest.raises(ValueError):
        render_box(["h1", "h2"], rows)


def test_title():
    out = render_box(["fruit", "qty"], [["fig", 1]], title="Stock")
    assert out.split("\n") == [
        "+-------------+",
        "| Stock       |",
        "+-------+-----+",
        "| fruit | qty |",
        "+=======+=====+",
        "| fig   |   1 |",
        "+-------+-----+",
    ]


def test_title_exactly_fitting_and_too_long():
    out = render_box(["ab", "c"], [], title="123456")
    assert out.split("\n")[:2] == ["+--------+", "| 123456 |"]
    with pytest.raises(ValueError):
        render_box(["ab", "c"], [], title="1234567")
