from totals import RangeTotals


def test_set_on_zero():
    rt = RangeTotals([5, 0, 7])
    rt.set(1, 4)
    assert rt.total(0, 2) == 16
