import pytest

from journal import Journal


def test_zero_amount_rejected():
    j = Journal()
    with pytest.raises(ValueError):
        j.post("a", 0, 1)
    assert j.accounts() == []
