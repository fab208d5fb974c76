from rangesum import RangeSum


def test_sums_half_open_range():
    rs = RangeSum([2, 4, 6, 8])
    assert rs.query(1, 3) == 10
    assert rs.query(0, 4) == 20
