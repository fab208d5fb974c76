from insertion import insert_interval


def test_inserts_between_sorted():
    existing = [(0, 1), (10, 12), (20, 30)]
    assert insert_interval(existing, (14, 16)) == [(0, 1), (10, 12), (14, 16), (20, 30)]
