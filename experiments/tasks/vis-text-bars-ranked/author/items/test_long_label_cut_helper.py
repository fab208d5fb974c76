from rankbars import rank_bars


def test_long_label_cut_helper():
    line = rank_bars(make_data("abcdefgh", 4), width=4, label_width=6)
    assert line == "abcde~ ==== 4"
