from boxtable import render_box


def test_title_line():
    lines = render_box(["fruit", "qty"], [["fig", 1]], title="Stock").split("\n")
    assert len(lines) == 7
    assert lines[1] == "| Stock       |"
