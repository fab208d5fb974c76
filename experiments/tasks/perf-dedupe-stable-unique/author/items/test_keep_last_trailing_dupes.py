from uniq import unique


def test_keep_last_trailing_dupes():
    rows = [("a", 1), ("b", 1), ("a", 2), ("b", 2)]
    assert unique(rows, key=lambda r: r[0], keep="last") == [("a", 2), ("b", 2)]
