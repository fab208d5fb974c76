from gaps import merge_with_gap


def test_touching_merges_default():
    assert merge_with_gap([(3, 5), (1, 3)]) == [(1, 5)]
