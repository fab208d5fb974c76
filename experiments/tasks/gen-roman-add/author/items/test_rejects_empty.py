import pytest

from roman_math import add


def test_rejects_empty():
    with pytest.raises(ValueError):
        add("", "I")
    with pytest.raises(ValueError):
        add("I", "")
