from uniq import unique


def test_keep_last_order():
    assert unique(["a", "b", "a", "c"], keep="last") == ["b", "a", "c"]
