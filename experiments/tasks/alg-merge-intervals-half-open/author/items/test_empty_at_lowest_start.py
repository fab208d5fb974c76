from spans import merge_half_open


def test_empty_at_lowest_start():
    assert merge_half_open([[1, 2], [0, 0]]) == [[1, 2]]
