from rle_pairs import decode


def test_decode_with_helper():
    assert decode(pairs_of("aab")) == "aab"
