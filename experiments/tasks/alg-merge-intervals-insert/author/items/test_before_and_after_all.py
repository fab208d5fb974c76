from insertion import insert_interval


def test_before_and_after_all():
    assert insert_interval([(1, 3), (6, 9)], (-5, -1)) == [(-5, -1), (1, 3), (6, 9)]
    assert insert_interval([(1, 3), (6, 9)], (11, 12)) == [(1, 3), (6, 9), (11, 12)]
