import pytest

from roman import from_roman


def test_above_3999_raises():
    with pytest.raises(ValueError):
        from_roman("MMMM")
