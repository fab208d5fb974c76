import pytest

from rangesum import RangeSum


def test_empty_and_reversed():
    rs = RangeSum([1, 2, 3])
    assert rs.query(2, 2) == 0
    with pytest.raises(ValueError):
        rs.query(2, 1)
