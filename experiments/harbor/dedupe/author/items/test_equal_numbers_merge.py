from dedupe import dedupe


def test_equal_numbers_merge():
    assert dedupe([1, 1.0, 2]) == [1, 2]
