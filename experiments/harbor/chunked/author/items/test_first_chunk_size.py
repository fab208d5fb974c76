from chunks import chunked


def test_first_chunk_size():
    assert len(chunked([1, 2, 3], 2)[0]) == 2
