from bars import render_bars


def test_zero_value_single_space():
    assert render_bars([("a", 0), ("b", 2)], width=2) == "a | 0\nb | ## 2"
