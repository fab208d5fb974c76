from totals import RangeTotals


def test_add_accumulates():
    rt = RangeTotals([5, 6, 7])
    rt.add(0, 3)
    rt.add(0, 3)
    assert rt.total(0, 0) == 11
