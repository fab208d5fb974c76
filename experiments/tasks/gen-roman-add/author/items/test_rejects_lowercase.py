import pytest

from roman_math import add


def test_rejects_lowercase():
    with pytest.raises(ValueError):
        add("xiv", "I")
