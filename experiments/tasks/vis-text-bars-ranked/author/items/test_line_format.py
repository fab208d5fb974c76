from rankbars import rank_bars


def test_line_format():
    out = rank_bars({"ab": 4, "c": 0}, width=4, label_width=4)
    assert out.split("\n") == ["ab   ==== 4", "c    0"]
