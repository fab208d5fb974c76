from rangesum import RangeSum


def test_negative_lo_only():
    rs = RangeSum([7, 1, 5, 3])
    assert rs.query(-4, 4) == 16
