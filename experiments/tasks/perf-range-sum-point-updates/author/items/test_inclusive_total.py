from totals import RangeTotals


def test_inclusive_total():
    rt = RangeTotals([5, 6, 7])
    assert rt.total(0, 1) == 11
    assert rt.total(0, 2) == 18
