from uniq import unique


def test_key_keeps_originals():
    assert unique(["Ab", "aB", "c"], key=str.lower) == ["Ab", "c"]
