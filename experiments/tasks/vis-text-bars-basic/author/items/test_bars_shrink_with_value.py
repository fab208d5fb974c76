from bars import render_bars


def test_bars_shrink_with_value():
    lines = render_bars([("a", 8), ("b", 4), ("c", 2)], width=8).split("\n")
    counts = [line.count("#") for line in lines]
    assert counts[0] == 8
    assert counts[0] > counts[1] > counts[2]
