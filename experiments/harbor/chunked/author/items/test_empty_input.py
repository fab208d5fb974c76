from chunks import chunked


def test_empty_input():
    assert chunked([], 2) == []
