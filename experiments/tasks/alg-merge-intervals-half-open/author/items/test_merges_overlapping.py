from spans import merge_half_open


def test_merges_overlapping():
    assert merge_half_open([[8, 10], [1, 4], [3, 6]]) == [[1, 6], [8, 10]]
