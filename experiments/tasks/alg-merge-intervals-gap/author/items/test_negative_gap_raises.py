import pytest

from gaps import merge_with_gap


def test_negative_gap_raises():
    with pytest.raises(ValueError):
        merge_with_gap([(1, 2)], max_gap=-1)
