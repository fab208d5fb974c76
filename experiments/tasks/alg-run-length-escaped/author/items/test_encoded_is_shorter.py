from marker_rle import encode


def test_encoded_is_shorter():
    assert len(encode("a" * 10)) < 10
