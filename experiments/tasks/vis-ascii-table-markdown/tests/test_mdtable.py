import pytest

from mdtable import to_markdown


def test_plain_table():
    out = to_markdown(["name", "qty"], [["apple", 3], ["fig", 12]])
    assert out == "\n".join([
        "| name  | qty |",
        "| ----- | --- |",
        "| apple | 3   |",
        "| fig   | 12  |",
    ])


def test_minimum_width_and_none():
    out = to_markdown(["a", "b"], [[None, "x"]])
    assert out == "| a   | b   |\n| --- | --- |\n|     | x   |"


def test_escaping():
    out = to_markdown(["a|b"], [["one\ntwo"], ["|"]])
    assert out.split("\n") == [
        "| a\\|b       |",
        "| ---------- |",
        "| one<br>two |",
        "| \\|         |",
    ]


def test_alignments():
    out = to_markdown(["left", "right", "center"], [["a", "b", "c"], ["dd", 10, "ee"]],
                      align=["left", "right", "center"])
    assert out.split("\n") == [
        "| left | right | center |",
        "| :--- | ----: | :----: |",
        "| a    |     b |   c    |",
        "| dd   |    10 |   ee   |",
    ]


def test_centre_extra_space_right_and_header_alignment():
    out = to_markdown(["abcd", "x"], [["ab", "1"], ["a", "22"]], align=["center", "right"])
    assert out.split("\n") == [
        "| abcd |   x |",
        "| :--: | --: |",
        "|  ab  |   1 |",
        "|  a   |  22 |",
    ]


def test_short_rows_filled():
    out = to_markdown(["a", "b"], [["x"], ()])
    assert out.split("\n")[2:] == ["| x   |     |", "|     |     |"]


@pytest.mark.parametrize("headers, rows, align", [
    (["a"], [["x", "y"]], None),
    ([], [], None),
    (["a", "b"], [], ["left"]),
    (["a"], [], ["middle"]),
    (["a"], [], ["Left"]),
])
def test_errors(headers, rows, align):
    with pytest.raises(ValueError):
        to_markdown(headers, rows, align)
