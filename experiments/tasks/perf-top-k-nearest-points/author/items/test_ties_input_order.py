from nearest import k_nearest


def test_ties_input_order():
    pts = [(0, 5), (5, 0), (-5, 0)]
    assert k_nearest(pts, (0, 0), 3) == [(0, 5), (5, 0), (-5, 0)]
