from rle_pairs import encode


def test_exact_multiple_of_max():
    assert encode("aaaa", max_run=2) == [("a", 2), ("a", 2)]
    assert encode("a", max_run=1) == [("a", 1)]
