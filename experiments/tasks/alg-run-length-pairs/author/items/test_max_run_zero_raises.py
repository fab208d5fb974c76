import pytest

from rle_pairs import encode


def test_max_run_zero_raises():
    with pytest.raises(ValueError):
        encode("aaa", max_run=0)
