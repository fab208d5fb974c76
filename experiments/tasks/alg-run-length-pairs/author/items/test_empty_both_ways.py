from rle_pairs import decode, encode


def test_empty_both_ways():
    encoded = encode("")
    assert list(encoded) == [] and isinstance(encoded, list)
    assert decode(encoded) == ""
