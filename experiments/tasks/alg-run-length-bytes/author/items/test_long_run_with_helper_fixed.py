from byte_rle import encode


def test_long_run_with_helper():
    assert encode(b"z" * 300) == b"\xffz\x2dz"
