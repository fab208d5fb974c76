from rle import encode


def test_long_run_encoded():
    assert encode("a" * 12) == "12a"
