import pytest

from rangesum import RangeSum


def test_negative_indexes():
    rs = RangeSum([10, 20, 30, 40])
    assert rs.query(-2, 4) == 70
    assert rs.query(0, -1) == 60


def test_plain_range():
    assert RangeSum([10, 20, 30, 40]).query(1, 3) == 50


def test_bad_order():
    with pytest.raises(ValueError):
        RangeSum([1, 2, 3]).query(2, 1)
