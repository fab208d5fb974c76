import pytest

from roman_math import add


def test_overflow_with_fixture(largest_numeral):
    with pytest.raises(OverflowError):
        add(largest_numeral, "I")
