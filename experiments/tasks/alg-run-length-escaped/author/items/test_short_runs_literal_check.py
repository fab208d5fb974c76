from marker_rle import encode


def test_short_runs_literal_check():
    assert encode("aab") == "aab"
    assert encode("abbbc") == "abbbc"
