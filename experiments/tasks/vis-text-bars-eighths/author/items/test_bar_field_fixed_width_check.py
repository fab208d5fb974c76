from blocks import percent_bars


def test_bar_field_fixed_width_check():
    lines = percent_bars([("a", 0.05), ("b", 0.9)], width=10).split("\n")
    assert len(lines[0]) == len(lines[1]) == 19
