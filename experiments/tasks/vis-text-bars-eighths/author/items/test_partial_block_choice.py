from blocks import percent_bars


def test_partial_block_choice():
    line = percent_bars([("a", 3 / 16)], width=2)
    assert line[2] == "\u258d"
