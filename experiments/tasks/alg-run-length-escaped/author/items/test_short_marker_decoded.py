from marker_rle import decode


def test_short_marker_decoded():
    assert decode("~a2;") == "aa"
