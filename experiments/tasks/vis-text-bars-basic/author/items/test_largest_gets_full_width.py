from bars import render_bars


def test_largest_gets_full_width():
    line = render_bars([("a", 1), ("b", 300)], width=10).split("\n")[1]
    assert line.count("#") == 10
