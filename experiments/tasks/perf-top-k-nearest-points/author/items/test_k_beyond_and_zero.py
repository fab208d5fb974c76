from nearest import k_nearest


def test_k_beyond_and_zero():
    pts = [(3, 0), (1, 0)]
    assert k_nearest(pts, (0, 0), 5) == [(1, 0), (3, 0)]
    assert k_nearest(pts, (0, 0), 0) == []
