from rankbars import rank_bars


def test_largest_bar_full_width():
    out = rank_bars({"a": 8, "b": 7}, width=4, label_width=2).split("\n")
    assert out[0].count("=") == 4
    assert 0 < out[1].count("=") <= 4
