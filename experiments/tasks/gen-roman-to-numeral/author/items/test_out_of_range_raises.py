import pytest

from numerals import to_roman


def test_out_of_range_raises():
    for n in (-5, 5000):
        with pytest.raises(ValueError):
            to_roman(n)
