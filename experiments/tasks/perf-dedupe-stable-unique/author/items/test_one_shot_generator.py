from uniq import unique


def test_one_shot_generator():
    assert unique(c for c in "mississippi") == ["m", "i", "s", "p"]
