from insertion import insert_interval


def test_touching_merges_check():
    assert insert_interval([(2, 5), (10, 12)], (5, 7)) == [(2, 7), (10, 12)]
    assert insert_interval([(2, 5), (10, 12)], (8, 10)) == [(2, 5), (8, 12)]
