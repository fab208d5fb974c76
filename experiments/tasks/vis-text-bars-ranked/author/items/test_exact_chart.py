from rankbars import rank_bars


def test_exact_chart():
    out = rank_bars({"pear": 2, "apple": 8, "kiwi": 0}, width=8, label_width=6)
    assert out == "apple  ======== 8\npear   == 2\nkiwi   0"
