import pytest

from rangesum import RangeSum


def test_matches_python_slices_including_negative_bounds():
    values = [5, 0, -2, 8, 1]
    rs = RangeSum(values)
    for lo in range(-5, 6):
        for hi in range(-5, 6):
            a = lo + 5 if lo < 0 else lo
            b = hi + 5 if hi < 0 else hi
            if a > b:
                with pytest.raises(ValueError):
                    rs.query(lo, hi)
            else:
                assert rs.query(lo, hi) == sum(values[lo:hi])


def test_no_clamping():
    rs = RangeSum([1, 2])
    with pytest.raises(IndexError):
        rs.query(0, 3)
    with pytest.raises(IndexError):
        rs.query(-3, 1)


def test_independent_of_later_changes():
    values = [4, 4]
    rs = RangeSum(values)
    values[1] = -4
    assert rs.query(0, 2) == 8
