import pytest

from grid import GridSums


def test_negative_coordinates():
    gs = GridSums([[1, 2], [3, 4]])
    with pytest.raises(IndexError):
        gs.rect(-1, 0, 1, 1)
