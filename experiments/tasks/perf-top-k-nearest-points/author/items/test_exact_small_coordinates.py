from nearest import k_nearest


def test_exact_small_coordinates():
    far, near = (100, 1), (100, 0)
    assert k_nearest([far, near], (0, 0), 1) == [near]
