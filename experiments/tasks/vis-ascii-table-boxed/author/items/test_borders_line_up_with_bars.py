from boxtable import render_box


def test_borders_line_up_with_bars():
    lines = render_box(["a", "bbbb"], [["xx", 1]]).split("\n")
    bars = [i for i, ch in enumerate(lines[1]) if ch == "|"]
    for border in (lines[0], lines[2], lines[-1]):
        assert [i for i, ch in enumerate(border) if ch == "+"] == bars
    assert len({len(line) for line in lines}) == 1
