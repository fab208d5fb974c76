import pytest

from gaps import merge_with_gap


def test_negative_gap_message():
    with pytest.raises(ValueError, match="max_gap must be >= 0"):
        merge_with_gap([(1, 2)], max_gap=-3)
