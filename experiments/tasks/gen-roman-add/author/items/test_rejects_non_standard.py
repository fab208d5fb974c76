import pytest

from roman_math import add


def test_rejects_non_standard():
    for bad in ["IIII", "VV", "IC"]:
        with pytest.raises(ValueError):
            add(bad, "I")
