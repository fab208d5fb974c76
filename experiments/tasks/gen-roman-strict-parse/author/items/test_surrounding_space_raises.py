import pytest

from roman import from_roman


def test_surrounding_space_raises():
    for text in [" XIV", "XIV ", "XIV\n"]:
        with pytest.raises(ValueError):
            from_roman(text)
