from byte_rle import decode, encode


def test_empty_both_ways():
    assert encode(b"") == b""
    assert decode(b"") == b""
