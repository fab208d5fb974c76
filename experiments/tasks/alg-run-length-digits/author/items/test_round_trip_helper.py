from rle import decode, encode


def test_round_trip_helper():
    assert_round_trip(encode, decode, "aaabcc")
