from rle import decode


def test_multi_digit_decoded():
    assert decode("12a1b") == "a" * 12 + "b"
