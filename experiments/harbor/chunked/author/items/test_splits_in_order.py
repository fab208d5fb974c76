from chunks import chunked


def test_splits_in_order():
    assert chunked([1, 2, 3, 4, 5, 6], 3) == [[1, 2, 3], [4, 5, 6]]
