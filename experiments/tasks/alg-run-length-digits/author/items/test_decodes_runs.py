from rle import decode


def test_decodes_runs():
    assert decode("3a1b2c") == "aaabcc"
