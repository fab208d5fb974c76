from dedupe import dedupe


def test_mixed_items():
    assert dedupe(["a", 1, "a"]) == ["a", 1]
