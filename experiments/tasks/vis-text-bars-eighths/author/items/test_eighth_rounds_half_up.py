from blocks import percent_bars


def test_eighth_rounds_half_up():
    assert percent_bars([("a", 1 / 32)], width=2)[2] == "\u258f"
