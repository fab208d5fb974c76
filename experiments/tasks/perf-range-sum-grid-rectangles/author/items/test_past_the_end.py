import pytest

from grid import GridSums


def test_past_the_end():
    gs = GridSums([[1, 2], [3, 4]])
    with pytest.raises(IndexError):
        gs.rect(0, 0, 2, 1)
