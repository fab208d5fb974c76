from gaps import merge_with_gap


def test_gap_within_limit():
    assert merge_with_gap([(1, 3), (5, 8)], max_gap=2) == [(1, 8)]
    assert merge_with_gap([(1, 3), (6, 8)], max_gap=2) == [(1, 3), (6, 8)]
