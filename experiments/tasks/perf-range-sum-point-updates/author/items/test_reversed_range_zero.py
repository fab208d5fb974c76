from totals import RangeTotals


def test_reversed_range_zero():
    rt = RangeTotals([5, 6, 7])
    assert rt.total(2, 0) == 0
    assert rt.total(1, 1) == 6
