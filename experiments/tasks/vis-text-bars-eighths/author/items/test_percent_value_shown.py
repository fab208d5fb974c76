from blocks import percent_bars


def test_percent_value_shown():
    assert percent_bars([("a", 0.5)], width=2).endswith("50.0%")
