from marker_rle import encode


def test_compresses_long_run():
    assert encode("aaaaab") == "~a5;b"
    assert encode("xxxxxxx") == "~x7;"
