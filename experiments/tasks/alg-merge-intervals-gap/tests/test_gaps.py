import copy

import pytest

from gaps import merge_with_gap


def test_overlapping_merge_in_any_order():
    assert merge_with_gap([(8, 10), (1, 4), (3, 6)]) == [(1, 6), (8, 10)]


def test_nested_interval_keeps_outer_end():
    assert merge_with_gap([(1, 10), (2, 3), (12, 15)]) == [(1, 10), (12, 15)]
    assert merge_with_gap([(1, 10), (2, 3), (12, 15)], max_gap=2) == [(1, 15)]


def test_touching_merges_by_default():
    assert merge_with_gap([(3, 5), (1, 3)]) == [(1, 5)]
    assert merge_with_gap([(1, 2), (3, 4)]) == [(1, 2), (3, 4)]


def test_gap_up_to_max_gap_merges():
    assert merge_with_gap([(1, 3), (5, 8)], max_gap=2) == [(1, 8)]
    assert merge_with_gap([(1, 3), (6, 8)], max_gap=2) == [(1, 3), (6, 8)]
    assert merge_with_gap([(0, 1), (4, 5), (8, 9)], max_gap=3) == [(0, 9)]


def test_outputs_are_tuples():
    out = merge_with_gap([[1, 9], [2, 4], [20, 21]], max_gap=1)
    assert out == [(1, 9), (20, 21)]
    assert all(type(iv) is tuple for iv in out)


def test_negative_gap_raises():
    with pytest.raises(ValueError):
        merge_with_gap([(1, 2)], max_gap=-1)


def test_reversed_interval_raises():
    with pytest.raises(ValueError):
        merge_with_gap([(1, 2), (7, 3)], max_gap=5)


def test_point_interval_valid():
    assert merge_with_gap([(4, 4)]) == [(4, 4)]
    assert merge_with_gap([(4, 4), (6, 6)], max_gap=2) == [(4, 6)]


def test_empty_input():
    assert merge_with_gap([]) == []


def test_generator_input_consumed_once():
    gen = (iv for iv in [(5, 6), (1, 2), (2, 3)])
    assert merge_with_gap(gen) == [(1, 3), (5, 6)]


def test_tuple_input():
    assert merge_with_gap(((3, 4), (1, 1)), max_gap=2) == [(1, 4)]


def test_list_input_not_changed():
    data = [[9, 12], [1, 3], [2, 5]]
    before = copy.deepcopy(data)
    merge_with_gap(data, max_gap=1)
    assert data == before
