import copy
import random

import pytest

from intervals import merge


def covered(intervals):
    return {x for lo, hi in intervals for x in range(lo, hi + 1)}


def test_overlap_and_containment():
    assert merge([(6, 9), (1, 4), (2, 3), (3, 5)]) == [(1, 5), (6, 9)]
    assert merge([(0, 100), (10, 20)]) == [(0, 100)]


def test_touching_merges():
    assert merge([(1, 3), (3, 5)]) == [(1, 5)]


def test_random_inputs_cover_same_points():
    rng = random.Random(42)
    for _ in range(200):
        data = [tuple(sorted(rng.sample(range(30), 2))) for _ in range(rng.randint(0, 6))]
        out = merge(data)
        assert covered(out) == covered(data)
        assert out == sorted(out)
        for (a, b), (c, d) in zip(out, out[1:]):
            assert b < c


def test_tuples_empty_and_points():
    assert merge([]) == []
    out = merge([[2, 2], [0, 1]])
    assert out == [(0, 1), (2, 2)]
    assert all(isinstance(iv, tuple) for iv in out)


def test_reversed_raises():
    with pytest.raises(ValueError):
        merge([(3, 1)])


def test_input_untouched():
    data = [[3, 4], [1, 2]]
    snapshot = copy.deepcopy(data)
    merge(data)
    assert data == snapshot
