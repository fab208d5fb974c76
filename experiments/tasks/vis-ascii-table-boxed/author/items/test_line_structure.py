from boxtable import render_box


def test_line_structure():
    out = render_box(["fruit", "qty"], [["apple", 3], ["kiwi", 12]])
    lines = out.split("\n")
    assert len(lines) == 6
    assert not out.endswith("\n")
    assert "fruit" in lines[1] and "apple" in lines[3] and "kiwi" in lines[4]
