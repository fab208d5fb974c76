from intervals import merge


def test_touching_merges():
    assert merge([(1, 3), (3, 5)]) == [(1, 5)]
