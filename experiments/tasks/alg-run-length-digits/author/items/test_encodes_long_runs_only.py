from rle import encode


def test_encodes_long_runs_only():
    assert encode("aaabbb") == "3a3b"
