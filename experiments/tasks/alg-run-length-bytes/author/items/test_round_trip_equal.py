from byte_rle import decode, encode


def test_round_trip_equal():
    assert decode(encode(b"aab")) == b"aab"
