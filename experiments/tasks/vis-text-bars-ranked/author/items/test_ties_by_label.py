from rankbars import rank_bars


def test_ties_by_label():
    out = rank_bars({"pear": 2, "fig": 2, "apple": 2}, width=4)
    assert [line.split()[0] for line in out.split("\n")] == ["apple", "fig", "pear"]
