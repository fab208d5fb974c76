from rankbars import rank_bars


def test_bars_round_down_check():
    out = rank_bars({"a": 8, "b": 7, "c": 3}, width=4, label_width=2).split("\n")
    assert [line.count("=") for line in out] == [4, 3, 1]
