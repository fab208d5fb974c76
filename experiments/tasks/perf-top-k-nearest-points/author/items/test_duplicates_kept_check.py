from nearest import k_nearest


def test_duplicates_kept_check():
    assert k_nearest([(2, 2), (9, 9), (2, 2)], (0, 0), 2) == [(2, 2), (2, 2)]
