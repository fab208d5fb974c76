from spans import merge_half_open


def test_merges_overlapping():
    merged = merge_half_open([[30, 40], [2, 9], [5, 12]])
    assert merged == [[2, 12], [30, 40]]
