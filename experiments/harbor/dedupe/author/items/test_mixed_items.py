from dedupe import dedupe


def test_mixed_items():
    assert dedupe(MIXED) == ["a", 1]
