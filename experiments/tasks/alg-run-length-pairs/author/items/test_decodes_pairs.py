from rle_pairs import decode


def test_decodes_pairs():
    assert decode([("a", 2), ["b", 1], ("b", 2)]) == "aabbb"
