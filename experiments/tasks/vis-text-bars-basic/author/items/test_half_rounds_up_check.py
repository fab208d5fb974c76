from bars import render_bars


def test_half_rounds_up_check():
    lines = render_bars([("top", 8), ("a", 1), ("b", 5)], width=4).split("\n")
    assert lines[1].count("#") == 1
    assert lines[2].count("#") == 3
