from gaps import merge_with_gap


def test_merges_overlapping_default():
    assert merge_with_gap([(8, 10), (1, 4), (3, 6)]) == [(1, 6), (8, 10)]
