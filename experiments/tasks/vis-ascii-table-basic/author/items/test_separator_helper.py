from table import render_separator


def test_separator_helper():
    assert render_separator([3, 1]) == "----+--"
