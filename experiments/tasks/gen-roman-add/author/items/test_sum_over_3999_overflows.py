import pytest

from roman_math import add


def test_sum_over_3999_overflows():
    with pytest.raises(OverflowError):
        add("MMM", "M")
