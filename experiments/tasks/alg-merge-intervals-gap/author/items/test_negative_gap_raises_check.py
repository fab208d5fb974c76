import pytest

from gaps import merge_with_gap


def test_negative_gap_raises_check():
    for bad_gap in (-1, -10):
        with pytest.raises(ValueError):
            merge_with_gap([(0, 3), (7, 9)], max_gap=bad_gap)
