import pytest

from totals import RangeTotals


def test_negative_position():
    rt = RangeTotals([5, 6, 7])
    with pytest.raises(IndexError):
        rt.total(-1, 2)
    with pytest.raises(IndexError):
        rt.set(-1, 0)
