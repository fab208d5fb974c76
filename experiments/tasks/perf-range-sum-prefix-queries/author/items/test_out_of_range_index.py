import pytest

from rangesum import RangeSum


def test_out_of_range_index():
    rs = RangeSum([1, 2, 3])
    with pytest.raises(IndexError):
        rs.query(0, 4)
    with pytest.raises(IndexError):
        rs.query(-4, 2)
