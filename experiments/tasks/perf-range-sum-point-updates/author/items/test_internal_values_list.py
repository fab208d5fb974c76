from totals import RangeTotals


def test_internal_values_list():
    rt = RangeTotals([5, 6, 7])
    rt.add(2, 1)
    assert rt._values == [5, 6, 8]
