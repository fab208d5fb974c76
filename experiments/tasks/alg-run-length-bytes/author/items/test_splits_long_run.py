from byte_rle import encode


def test_splits_long_run():
    assert encode(b"z" * 300) == b"\xffz\x2dz"
