from blocks import percent_bars


def test_full_blocks_count():
    assert percent_bars([("a", 0.75)], width=4).count("\u2588") == 3
