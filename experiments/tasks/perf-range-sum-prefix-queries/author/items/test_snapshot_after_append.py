from rangesum import RangeSum


def test_snapshot_after_append():
    values = [5, 5]
    rs = RangeSum(values)
    values[:] = [1, 1]
    assert rs.query(0, 2) == 10
