import copy

import pytest

from intervals import merge


def test_merges_overlapping_in_any_order():
    assert merge([(8, 10), (1, 3), (15, 18), (2, 6)]) == [(1, 6), (8, 10), (15, 18)]


def test_contained_intervals_are_absorbed():
    assert merge([(1, 10), (2, 3), (4, 5)]) == [(1, 10)]
    assert merge([(-5, -1), (-4, -2)]) == [(-5, -1)]


def test_touching_intervals_merge():
    assert merge([(1, 3), (3, 5)]) == [(1, 5)]
    assert merge([(5, 7), (1, 5), (7, 7)]) == [(1, 7)]


def test_gap_keeps_intervals_apart():
    assert merge([(3, 4), (1, 2)]) == [(1, 2), (3, 4)]


def test_output_items_are_tuples():
    out = merge([[1, 2], [5, 6], [2, 3]])
    assert out == [(1, 3), (5, 6)]
    assert all(type(iv) is tuple for iv in out)


def test_empty_input():
    assert merge([]) == []


def test_reversed_interval_raises():
    with pytest.raises(ValueError):
        merge([(1, 2), (5, 3)])


def test_point_interval_is_valid():
    assert merge([(4, 4)]) == [(4, 4)]
    assert merge([(1, 3), (3, 3), (9, 9)]) == [(1, 3), (9, 9)]


def test_input_not_mutated():
    data = [[5, 6], [1, 3], [2, 4]]
    before = copy.deepcopy(data)
    merge(data)
    assert data == before


def test_returns_new_list():
    data = [(1, 2)]
    out = merge(data)
    assert out == [(1, 2)]
    assert out is not data
