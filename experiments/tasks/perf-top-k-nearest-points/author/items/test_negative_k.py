import pytest

from nearest import k_nearest


def test_negative_k():
    with pytest.raises(ValueError):
        k_nearest([(0, 1)], (0, 0), -1)
