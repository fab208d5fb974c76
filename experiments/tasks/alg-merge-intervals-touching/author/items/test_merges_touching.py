from intervals import merge


def test_merges_touching():
    assert merge([(5, 7), (1, 5)]) == [(1, 7)]
