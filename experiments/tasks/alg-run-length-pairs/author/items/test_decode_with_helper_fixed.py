from rle_pairs import decode


def test_decode_with_helper():
    assert decode([("a", 2), ("b", 1)]) == "aab"
