from spans import merge_half_open


def test_empty_inside_dropped():
    assert merge_half_open([[1, 2], [5, 5], [8, 9]]) == [[1, 2], [8, 9]]
    assert merge_half_open([[1, 3], [3, 3], [3, 5]]) == [[1, 3], [3, 5]]
