from boxtable import render_box


def test_numbers_right_bools_left():
    lines = render_box(["value"], [[1.5], [False]]).split("\n")
    assert lines[3] == "|   1.5 |"
    assert lines[4] == "| False |"
