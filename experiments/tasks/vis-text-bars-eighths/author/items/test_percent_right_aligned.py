from blocks import percent_bars


def test_percent_right_aligned():
    line = percent_bars([("a", 0.05)], width=2)
    assert line.endswith("   5.0%")
