from chunks import chunked


def test_remainder_kept():
    assert chunked(["a", "b", "c"], 2) == [["a", "b"], ["c"]]
