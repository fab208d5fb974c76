import pytest

from rle_pairs import encode


def test_max_run_message():
    with pytest.raises(ValueError, match="max_run must be >= 1, got 0"):
        encode("aaa", max_run=0)
