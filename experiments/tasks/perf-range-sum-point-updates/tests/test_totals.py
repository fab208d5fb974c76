import random

import pytest

from totals import RangeTotals


def test_inclusive_totals():
    rt = RangeTotals([4, 1, 3, 2])
    assert rt.total(0, 3) == 10
    assert rt.total(1, 2) == 4
    assert rt.total(3, 3) == 2


def test_set_replaces_and_add_accumulates():
    rt = RangeTotals([4, 1, 3, 2])
    rt.set(1, 10)
    assert rt.total(0, 3) == 19
    rt.add(1, 5)
    assert rt.total(1, 1) == 15
    rt.set(1, 10)
    assert rt.total(0, 1) == 14


def test_get_reflects_updates():
    rt = RangeTotals([7, 8])
    rt.add(0, -2)
    rt.set(1, 0)
    assert (rt.get(0), rt.get(1)) == (5, 0)


def test_empty_and_single_ranges():
    rt = RangeTotals([4, 1, 3, 2])
    assert rt.total(3, 1) == 0
    assert rt.total(2, 2) == rt.get(2)


@pytest.mark.parametrize("call", [
    lambda rt: rt.total(0, 4),
    lambda rt: rt.total(-1, 2),
    lambda rt: rt.total(5, 2),
    lambda rt: rt.get(-1),
    lambda rt: rt.get(4),
    lambda rt: rt.set(-2, 1),
    lambda rt: rt.add(4, 1),
])
def test_bad_positions(call):
    with pytest.raises(IndexError):
        call(RangeTotals([4, 1, 3, 2]))


def test_random_operations_match_list():
    rng = random.Random(5)
    values = [rng.randint(-9, 9) for _ in range(40)]
    rt = RangeTotals(values)
    for _ in range(400):
        i = rng.randrange(40)
        if rng.random() < 0.5:
            v = rng.randint(-9, 9)
            rt.set(i, v)
            values[i] = v
        else:
            d = rng.randint(-3, 3)
            rt.add(i, d)
            values[i] += d
        lo, hi = rng.randrange(40), rng.randrange(40)
        expected = sum(values[lo:hi + 1]) if lo <= hi else 0
        assert rt.total(lo, hi) == expected
