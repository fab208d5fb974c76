from grid import GridSums


def test_inclusive_rectangle():
    gs = GridSums([[1, 2], [3, 4]])
    assert gs.rect(0, 0, 1, 1) == 10
    assert gs.rect(1, 0, 1, 1) == 7
