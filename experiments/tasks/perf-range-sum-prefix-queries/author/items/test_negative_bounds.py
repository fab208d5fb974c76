from rangesum import RangeSum


def test_negative_bounds():
    values = [7, 1, 5, 3]
    rs = RangeSum(values)
    assert rs.query(0, -1) == 13
    assert rs.query(-3, -1) == 6
    assert rs.query(-4, 4) == 16
