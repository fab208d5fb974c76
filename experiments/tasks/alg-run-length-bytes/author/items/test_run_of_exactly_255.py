from byte_rle import encode


def test_run_of_exactly_255():
    assert encode(b"z" * 255) == b"\xffz"
