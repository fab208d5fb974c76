import pytest

from roman import from_roman


def test_invalid_message():
    with pytest.raises(ValueError, match="invalid Roman numeral: 'IIII'"):
        from_roman("IIII")
