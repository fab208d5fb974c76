import pytest

from rangesum import RangeSum

VALUES = [3, -1, 4, 1, -5, 9, 2]


def test_half_open_ranges():
    rs = RangeSum(VALUES)
    assert rs.query(0, 3) == 6
    assert rs.query(2, 5) == 0
    assert rs.query(0, len(VALUES)) == 13
    assert rs.query(6, 7) == 2


def test_every_range_matches_slice_sum():
    rs = RangeSum(VALUES)
    n = len(VALUES)
    for lo in range(n + 1):
        for hi in range(lo, n + 1):
            assert rs.query(lo, hi) == sum(VALUES[lo:hi])


def test_empty_range_is_zero():
    rs = RangeSum(VALUES)
    assert rs.query(4, 4) == 0
    assert rs.query(7, 7) == 0
    assert RangeSum([]).query(0, 0) == 0


def test_reversed_range_raises():
    rs = RangeSum(VALUES)
    with pytest.raises(ValueError):
        rs.query(5, 2)


def test_negative_indexes_count_from_end():
    rs = RangeSum(VALUES)
    assert rs.query(-1, 7) == 2
    assert rs.query(0, -1) == 11
    assert rs.query(-3, -1) == 4
    assert rs.query(-7, 2) == 2


def test_reversed_check_happens_after_normalising():
    rs = RangeSum(VALUES)
    assert rs.query(4, -1) == 4
    with pytest.raises(ValueError):
        rs.query(-1, 3)


@pytest.mark.parametrize("lo, hi", [(0, 8), (-8, 2), (9, 9), (-20, -1)])
def test_out_of_range_raises_index_error(lo, hi):
    with pytest.raises(IndexError):
        RangeSum(VALUES).query(lo, hi)


def test_snapshot_of_values():
    values = [1, 2, 3]
    rs = RangeSum(values)
    values[0] = 100
    values.append(7)
    assert rs.query(0, 3) == 6
    with pytest.raises(IndexError):
        rs.query(0, 4)
