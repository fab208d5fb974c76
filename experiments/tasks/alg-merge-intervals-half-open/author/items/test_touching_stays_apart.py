from spans import merge_half_open


def test_touching_stays_apart():
    assert merge_half_open([[3, 5], [1, 3]]) == [[1, 3], [3, 5]]
