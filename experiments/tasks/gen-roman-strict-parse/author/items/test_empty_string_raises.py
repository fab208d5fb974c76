import pytest

from roman import from_roman


def test_empty_string_raises():
    with pytest.raises(ValueError):
        from_roman("")
