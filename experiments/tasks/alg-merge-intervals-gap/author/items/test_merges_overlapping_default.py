from gaps import merge_with_gap


def test_merges_overlapping_default():
    merged = merge_with_gap([(20, 25), (2, 9), (5, 7), (8, 12)])
    assert merged == [(2, 12), (20, 25)]
