from rankbars import rank_bars


def test_top_limits_and_counts_rest():
    out = rank_bars({"a": 10, "b": 5, "c": 5, "d": 1}, width=10, top=2, label_width=2)
    assert out.split("\n") == ["a  ========== 10", "b  ===== 5", "... and 2 more"]
