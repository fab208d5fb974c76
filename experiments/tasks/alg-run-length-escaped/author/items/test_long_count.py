from marker_rle import decode, encode


def test_long_count():
    assert encode("x" * 120) == "~x120;"
    assert decode("~x120;") == "x" * 120
