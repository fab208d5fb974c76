import pytest

from journal import Journal


def test_reverse_once():
    j = Journal()
    e = j.post("a", 30, 1)
    j.reverse(e, 2)
    assert j.balance("a") == 0
    with pytest.raises(ValueError):
        j.reverse(e, 3)
    assert j.balance("a") == 0
