from bars import render_bars


def test_format_helper():
    line = render_bars([("x", 0.5)], width=2)
    assert line.endswith(fmt_value(0.5))
