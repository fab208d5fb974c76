from rankbars import rank_bars


def test_sorted_descending():
    out = rank_bars({"b": 1, "a": 5, "c": 3}, width=5)
    assert [line.split()[0] for line in out.split("\n")] == ["a", "c", "b"]
