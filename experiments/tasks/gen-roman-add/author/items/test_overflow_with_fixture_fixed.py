import pytest

from roman_math import add


def test_overflow_with_fixture():
    with pytest.raises(OverflowError):
        add("MMMCMXCIX", "I")
