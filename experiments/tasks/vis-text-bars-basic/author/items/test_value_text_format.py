from bars import render_bars


def test_value_text_format():
    lines = render_bars([("x", 2.0), ("y", 3)], width=3).split("\n")
    assert lines[0].endswith(" 2")
    assert lines[1].endswith(" 3")
