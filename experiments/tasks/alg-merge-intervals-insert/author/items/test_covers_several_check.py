from insertion import insert_interval


def test_covers_several_check():
    assert insert_interval([(1, 2), (4, 5), (7, 8)], (0, 20)) == [(0, 20)]
