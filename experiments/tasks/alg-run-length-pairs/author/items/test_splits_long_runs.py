from rle_pairs import encode


def test_splits_long_runs():
    assert encode("a" * 600) == [("a", 255), ("a", 255), ("a", 90)]
