from grid import GridSums


def test_snapshot():
    grid = [[1, 1], [1, 1]]
    gs = GridSums(grid)
    grid[1][1] = 50
    assert gs.rect(0, 0, 1, 1) == 4
