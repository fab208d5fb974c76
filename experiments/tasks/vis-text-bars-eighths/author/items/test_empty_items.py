from blocks import percent_bars


def test_empty_items():
    assert percent_bars([]) == ""
