from marker_rle import decode, encode


def test_digit_run_character():
    assert encode("111112") == "~15;2"
    assert decode("~15;2") == "111112"
