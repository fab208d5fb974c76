from nearest import k_nearest


def test_nearest_first_check():
    pts = [(5, 5), (1, 0), (-2, 2), (0, 3)]
    assert k_nearest(pts, (0, 0), 2) == [(1, 0), (-2, 2)]
