import pytest

from roman_math import add


def test_overflow_message():
    with pytest.raises(OverflowError, match="sum 4000 exceeds 3999"):
        add("MMM", "M")
