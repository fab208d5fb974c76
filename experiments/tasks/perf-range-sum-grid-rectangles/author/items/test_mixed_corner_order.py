from grid import GridSums


def test_mixed_corner_order():
    gs = GridSums([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
    assert gs.rect(2, 0, 0, 1) == 27
    assert gs.rect(0, 2, 1, 0) == 21
