from insertion import insert_interval


def test_touching_merges():
    assert insert_interval([(1, 3), (6, 9)], (3, 4)) == [(1, 4), (6, 9)]
    assert insert_interval([(1, 3), (6, 9)], (5, 6)) == [(1, 3), (5, 9)]
