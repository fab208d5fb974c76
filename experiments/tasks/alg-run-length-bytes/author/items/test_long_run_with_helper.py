from byte_rle import encode


def test_long_run_with_helper():
    assert encode(run_of(b"z", 300)) == b"\xffz\x2dz"
