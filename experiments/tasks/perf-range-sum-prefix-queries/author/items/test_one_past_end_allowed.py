from rangesum import RangeSum


def test_one_past_end_allowed():
    rs = RangeSum([1, 2, 3])
    assert rs.query(3, 3) == 0
    assert rs.query(-3, 3) == 6
