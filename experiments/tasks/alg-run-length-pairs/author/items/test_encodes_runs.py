from rle_pairs import encode


def test_encodes_runs():
    assert encode("aab") == [("a", 2), ("b", 1)]
