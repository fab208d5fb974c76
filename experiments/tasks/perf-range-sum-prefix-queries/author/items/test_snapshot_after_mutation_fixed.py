from rangesum import RangeSum


def test_snapshot_after_mutation():
    sample_values = [1, 2, 3]
    rs = RangeSum(sample_values)
    sample_values[0] = 1000
    assert rs.query(0, 1) == 1
