from insertion import insert_interval


def test_overlaps_one():
    assert insert_interval([(1, 3), (6, 9)], (2, 4)) == [(1, 4), (6, 9)]
