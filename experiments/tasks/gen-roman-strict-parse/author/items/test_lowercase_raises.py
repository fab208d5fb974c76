import pytest

from roman import from_roman


def test_lowercase_raises():
    with pytest.raises(ValueError):
        from_roman("xiv")
