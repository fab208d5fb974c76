from grid import GridSums


def test_fully_reversed_corners():
    gs = GridSums([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
    assert gs.rect(2, 2, 0, 1) == gs.rect(0, 1, 2, 2)
