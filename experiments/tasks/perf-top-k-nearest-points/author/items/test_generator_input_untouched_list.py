from nearest import k_nearest


def test_generator_input_untouched_list():
    pts = [(4, 4), (1, 1), (2, 2)]
    assert k_nearest(iter(pts), (0, 0), 2) == [(1, 1), (2, 2)]
    k_nearest(pts, (0, 0), 1)
    assert pts == [(4, 4), (1, 1), (2, 2)]
