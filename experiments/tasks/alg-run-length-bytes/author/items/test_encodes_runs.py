from byte_rle import encode


def test_encodes_runs():
    assert encode(b"aaab") == b"\x03a\x01b"
