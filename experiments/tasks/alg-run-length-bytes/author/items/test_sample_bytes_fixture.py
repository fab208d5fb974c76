from byte_rle import encode


def test_sample_bytes_fixture(sample_bytes):
    assert encode(sample_bytes) == b"\x03a\x01b"
