import copy
import random

import pytest

from spans import merge_half_open


def components(intervals):
    spans = [(s, e) for s, e in intervals if s < e]
    groups = []
    for s, e in spans:
        joined = [g for g in groups if max(g[0], s) < min(g[1], e)]
        lo = min([s] + [g[0] for g in joined])
        hi = max([e] + [g[1] for g in joined])
        groups = [g for g in groups if g not in joined] + [(lo, hi)]
    changed = True
    while changed:
        changed = False
        for a in groups:
            for b in groups:
                if a is not b and max(a[0], b[0]) < min(a[1], b[1]):
                    groups.remove(a)
                    groups.remove(b)
                    groups.append((min(a[0], b[0]), max(a[1], b[1])))
                    changed = True
                    break
            if changed:
                break
    return sorted([s, e] for s, e in groups)


def test_merges_overlapping_in_any_order():
    assert merge_half_open([[8, 10], [1, 4], [3, 6]]) == [[1, 6], [8, 10]]


def test_nested_interval_absorbed():
    assert merge_half_open([[1, 10], [2, 3], [-4, -1]]) == [[-4, -1], [1, 10]]


def test_touching_intervals_stay_apart():
    assert merge_half_open([[3, 5], [1, 3]]) == [[1, 3], [3, 5]]
    assert merge_half_open([[1, 4], [3, 5]]) == [[1, 5]]


def test_output_items_are_lists():
    out = merge_half_open([(4, 5), (1, 2)])
    assert out == [[1, 2], [4, 5]]
    assert all(type(iv) is list for iv in out)


def test_empty_intervals_dropped():
    assert merge_half_open([[4, 4]]) == []
    assert merge_half_open([[0, 0], [1, 2]]) == [[1, 2]]
    assert merge_half_open([[2, 2], [2, 5]]) == [[2, 5]]
    assert merge_half_open([[1, 2], [5, 5], [8, 9]]) == [[1, 2], [8, 9]]


def test_empty_interval_does_not_join():
    assert merge_half_open([[1, 3], [3, 3], [3, 5]]) == [[1, 3], [3, 5]]


def test_empty_input():
    assert merge_half_open([]) == []


def test_reversed_interval_raises():
    with pytest.raises(ValueError):
        merge_half_open([[1, 2], [5, 3]])


def test_input_not_mutated():
    data = [[5, 9], [1, 3], [2, 6], [7, 7]]
    before = copy.deepcopy(data)
    merge_half_open(data)
    assert data == before


def test_random_against_components():
    rng = random.Random(42)
    for _ in range(300):
        data = []
        for _ in range(rng.randint(0, 6)):
            s = rng.randint(0, 12)
            data.append([s, s + rng.randint(0, 4)])
        assert merge_half_open(data) == components(data), data
