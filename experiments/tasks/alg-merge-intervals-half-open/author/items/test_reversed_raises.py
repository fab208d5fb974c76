import pytest

from spans import merge_half_open


def test_reversed_raises():
    with pytest.raises(ValueError):
        merge_half_open([[9, 2]])
