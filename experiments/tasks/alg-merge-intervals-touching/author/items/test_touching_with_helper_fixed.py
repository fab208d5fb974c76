from intervals import merge


def test_touching_with_helper():
    assert merge([(1, 3), (3, 5)]) == [(1, 5)]
