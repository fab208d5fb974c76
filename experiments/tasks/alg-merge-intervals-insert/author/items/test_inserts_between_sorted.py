from insertion import insert_interval


def test_inserts_between_sorted():
    assert insert_interval([(1, 2), (6, 9)], (3, 5)) == [(1, 2), (3, 5), (6, 9)]
