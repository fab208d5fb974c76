from grid import GridSums


def test_single_cell():
    gs = GridSums([[1, 2], [3, 4]])
    assert gs.rect(1, 0, 1, 0) == 3
