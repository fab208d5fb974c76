from insertion import insert_interval


def test_existing_fixture(existing_intervals):
    assert insert_interval(existing_intervals, (3, 5)) == [(1, 2), (3, 5), (6, 9)]
