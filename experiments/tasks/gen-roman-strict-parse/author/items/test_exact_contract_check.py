import pytest
from roman import from_roman


def test_exact_contract_check():
    with pytest.raises(ValueError):
        from_roman('MMMM')
    with pytest.raises(ValueError, match="invalid Roman numeral: 'IIII'"):
        from_roman('IIII')
