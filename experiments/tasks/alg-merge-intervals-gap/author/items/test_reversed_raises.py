import pytest

from gaps import merge_with_gap


def test_reversed_raises():
    with pytest.raises(ValueError):
        merge_with_gap([(1, 2), (7, 3)])
