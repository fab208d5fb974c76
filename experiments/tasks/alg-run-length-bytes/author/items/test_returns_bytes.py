from byte_rle import decode, encode


def test_returns_bytes():
    assert type(encode(bytearray(b"aab"))) is bytes
    assert type(decode(bytearray(b"\x02a"))) is bytes
