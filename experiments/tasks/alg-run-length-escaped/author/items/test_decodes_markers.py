from marker_rle import decode


def test_decodes_markers():
    assert decode("~a5;b") == "aaaaab"
    assert decode("aab") == "aab"
