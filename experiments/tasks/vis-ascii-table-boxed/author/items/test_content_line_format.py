from boxtable import render_box


def test_content_line_format():
    lines = render_box(["fruit", "qty"], [["apple", 3]]).split("\n")
    assert lines[1] == "| fruit | qty |"
    assert lines[3] == "| apple |   3 |"
