from insertion import insert_interval


def test_before_and_after_all_check():
    existing = [(5, 8), (12, 15)]
    assert insert_interval(existing, (0, 2)) == [(0, 2), (5, 8), (12, 15)]
    assert insert_interval(existing, (20, 25)) == [(5, 8), (12, 15), (20, 25)]
