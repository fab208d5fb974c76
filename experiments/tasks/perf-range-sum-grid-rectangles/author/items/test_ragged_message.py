import pytest

from grid import GridSums


def test_ragged_message():
    with pytest.raises(ValueError, match="same length"):
        GridSums([[1, 2], [3]])
