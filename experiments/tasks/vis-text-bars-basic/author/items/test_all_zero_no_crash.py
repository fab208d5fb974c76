from bars import render_bars


def test_all_zero_no_crash():
    assert render_bars([("a", 0), ("b", 0)]).split("\n") == ["a | 0", "b | 0"]
