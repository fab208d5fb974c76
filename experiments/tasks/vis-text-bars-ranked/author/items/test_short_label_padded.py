from rankbars import rank_bars


def test_short_label_padded():
    assert rank_bars({"ab": 3}, width=3, label_width=5) == "ab    === 3"
