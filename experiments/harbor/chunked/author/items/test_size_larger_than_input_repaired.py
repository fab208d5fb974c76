from chunks import chunked


def test_size_larger_than_input():
    assert chunked([1, 2], 5) == [[1, 2]]
