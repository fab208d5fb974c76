from totals import RangeTotals


def test_get_current_value():
    rt = RangeTotals([1, 2])
    rt.set(0, 9)
    assert rt.get(0) == 9
    assert rt.get(1) == 2
