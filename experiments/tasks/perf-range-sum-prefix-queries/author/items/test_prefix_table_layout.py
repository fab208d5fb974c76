from rangesum import RangeSum


def test_prefix_table_layout():
    rs = RangeSum([2, 4, 6])
    assert rs._prefix == [0, 2, 6, 12]
    assert rs.query(0, 2) == 6
