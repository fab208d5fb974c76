import pytest

from numerals import to_roman


def test_range_edges():
    assert to_roman(1) == "I"
    assert to_roman(3999) == "MMMCMXCIX"
    for n in (0, 4000):
        with pytest.raises(ValueError):
            to_roman(n)
