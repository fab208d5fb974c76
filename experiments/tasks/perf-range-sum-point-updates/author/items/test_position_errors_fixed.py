import pytest

from totals import RangeTotals


def test_position_errors():
    rt = RangeTotals([5, 6, 7])
    with pytest.raises(IndexError):
        rt.get(3)
