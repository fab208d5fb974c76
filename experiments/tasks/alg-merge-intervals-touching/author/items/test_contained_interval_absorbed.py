from intervals import merge


def test_contained_interval_absorbed():
    assert merge([(1, 10), (2, 3)]) == [(1, 10)]
