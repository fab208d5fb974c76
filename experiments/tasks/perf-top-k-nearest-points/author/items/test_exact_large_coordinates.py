from nearest import k_nearest


def test_exact_large_coordinates():
    far, near = (10**8, 1), (10**8, 0)
    assert k_nearest([far, near], (0, 0), 1) == [near]
