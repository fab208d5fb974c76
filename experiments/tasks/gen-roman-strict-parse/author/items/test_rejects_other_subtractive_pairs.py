import pytest

from roman import from_roman


def test_rejects_other_subtractive_pairs():
    for text in ["IL", "IC", "VX", "XM"]:
        with pytest.raises(ValueError):
            from_roman(text)
