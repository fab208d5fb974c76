from boxtable import render_box


def test_no_rows_four_lines():
    lines = render_box(["only"], []).split("\n")
    assert len(lines) == 4
    assert lines[1] == "| only |"
