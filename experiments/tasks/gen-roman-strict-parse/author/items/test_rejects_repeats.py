import pytest

from roman import from_roman


def test_rejects_repeats():
    for text in ["IIII", "VV", "XXXX", "DD"]:
        with pytest.raises(ValueError):
            from_roman(text)
