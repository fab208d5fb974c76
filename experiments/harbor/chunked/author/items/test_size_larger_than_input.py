from chunks import chunked


def test_size_larger_than_input():
    assert chunked(SMALL, 5) == [[1, 2]]
