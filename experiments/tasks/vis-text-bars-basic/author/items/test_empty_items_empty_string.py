from bars import render_bars


def test_empty_items_empty_string():
    assert render_bars([]) == ""
