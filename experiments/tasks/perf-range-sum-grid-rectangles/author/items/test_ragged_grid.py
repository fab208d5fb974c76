import pytest

from grid import GridSums


def test_ragged_grid():
    with pytest.raises(ValueError):
        GridSums([[1, 2, 3], [4, 5], [6, 7, 8]])
