from rle import decode, encode


def test_round_trip_helper():
    assert decode(encode("aaabcc")) == "aaabcc"
