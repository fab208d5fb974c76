from rle_pairs import decode, encode


def test_empty_both_ways():
    assert encode("") == []
    assert decode([]) == ""
