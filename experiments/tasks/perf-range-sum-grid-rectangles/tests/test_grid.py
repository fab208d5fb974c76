import random

import pytest

from grid import GridSums

GRID = [
    [1, 2, 3, 4],
    [5, 6, 7, 8],
    [9, 10, 11, 12],
]


def brute(grid, r1, c1, r2, c2):
    rows = range(min(r1, r2), max(r1, r2) + 1)
    cols = range(min(c1, c2), max(c1, c2) + 1)
    return sum(grid[r][c] for r in rows for c in cols)


def test_inclusive_rectangles():
    gs = GridSums(GRID)
    assert gs.rect(0, 0, 2, 3) == 78
    assert gs.rect(1, 1, 2, 2) == 34
    assert gs.rect(2, 3, 2, 3) == 12
    assert gs.rect(0, 1, 0, 2) == 5


def test_every_rectangle_matches_brute_force():
    gs = GridSums(GRID)
    for r1 in range(3):
        for r2 in range(r1, 3):
            for c1 in range(4):
                for c2 in range(c1, 4):
                    assert gs.rect(r1, c1, r2, c2) == brute(GRID, r1, c1, r2, c2)


def test_ragged_rows_rejected():
    with pytest.raises(ValueError):
        GridSums([[1, 2], [3]])
    with pytest.raises(ValueError):
        GridSums([[1], [2, 3]])


def test_empty_grids_have_no_cells():
    for grid in ([], [[], []]):
        gs = GridSums(grid)
        with pytest.raises(IndexError):
            gs.rect(0, 0, 0, 0)


@pytest.mark.parametrize("corners", [
    (0, 0, 3, 0), (0, 0, 0, 4), (-1, 0, 1, 1), (0, -1, 1, 1), (0, 0, -1, -1),
])
def test_out_of_range_coordinates(corners):
    with pytest.raises(IndexError):
        GridSums(GRID).rect(*corners)


def test_snapshot_of_caller_grid():
    grid = [[1, 1], [1, 1]]
    gs = GridSums(grid)
    grid[0][0] = 100
    grid.append([5, 5])
    assert gs.rect(0, 0, 1, 1) == 4


def test_corners_in_any_order():
    gs = GridSums(GRID)
    expected = gs.rect(0, 1, 2, 3)
    assert gs.rect(2, 3, 0, 1) == expected
    assert gs.rect(0, 3, 2, 1) == expected
    assert gs.rect(2, 1, 0, 3) == expected


def test_random_corner_orders_match_brute_force():
    rng = random.Random(3)
    grid = [[rng.randint(-5, 5) for _ in range(7)] for _ in range(6)]
    gs = GridSums(grid)
    for _ in range(300):
        q = (rng.randrange(6), rng.randrange(7), rng.randrange(6), rng.randrange(7))
        assert gs.rect(*q) == brute(grid, *q)
