from marker_rle import encode


def test_run_of_exactly_four():
    assert encode("aaaa") == "~a4;"
