from rankbars import rank_bars


def test_long_label_truncated():
    out = rank_bars({"strawberries": 6, "fig": 3}, width=6, label_width=8)
    assert out.split("\n") == ["strawbe~ ====== 6", "fig      === 3"]
