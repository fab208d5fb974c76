from marker_rle import decode, encode


def test_tilde_escaped():
    assert encode("~") == "~~1;"
    assert encode("a~~b") == "a~~2;b"
    assert decode("a~~2;b") == "a~~b"
