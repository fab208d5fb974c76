from bars import render_bars


def test_one_line_per_item():
    lines = render_bars([("apples", 4), ("kiwi", 2)], width=4).split("\n")
    assert lines == ["apples | #### 4", "kiwi   | ## 2"]
