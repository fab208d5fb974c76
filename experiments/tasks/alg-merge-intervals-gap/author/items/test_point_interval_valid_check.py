from gaps import merge_with_gap


def test_point_interval_valid_check():
    assert merge_with_gap([(4, 4), (6, 6)], max_gap=2) == [(4, 6)]
