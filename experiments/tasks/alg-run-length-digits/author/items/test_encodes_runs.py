from rle import encode


def test_encodes_runs():
    assert encode("aaabcc") == "3a1b2c"
