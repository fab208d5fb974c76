from bars import render_bars


def test_exact_chart():
    out = render_bars([("apples", 8), ("kiwi", 4), ("fig", 0)], width=8)
    assert out == "apples | ######## 8\nkiwi   | #### 4\nfig    | 0"
