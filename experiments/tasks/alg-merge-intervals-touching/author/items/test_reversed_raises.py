import pytest

from intervals import merge


def test_reversed_raises():
    with pytest.raises(ValueError):
        merge([(1, 2), (9, 4)])
