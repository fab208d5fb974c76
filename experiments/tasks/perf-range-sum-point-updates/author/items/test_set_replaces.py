from totals import RangeTotals


def test_set_replaces():
    rt = RangeTotals([5, 6, 7])
    rt.set(1, 1)
    assert rt.total(0, 2) == 13
