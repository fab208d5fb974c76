import copy

import pytest

from insertion import insert_interval


def test_inserts_between_without_merging():
    assert insert_interval([(1, 2), (6, 9)], (3, 5)) == [(1, 2), (3, 5), (6, 9)]


def test_overlapping_one_interval_merges():
    assert insert_interval([(1, 3), (6, 9)], (2, 4)) == [(1, 4), (6, 9)]
    assert insert_interval([(1, 3), (6, 9)], (7, 12)) == [(1, 3), (6, 12)]


def test_touching_merges():
    assert insert_interval([(1, 3), (6, 9)], (3, 4)) == [(1, 4), (6, 9)]
    assert insert_interval([(1, 3), (6, 9)], (5, 6)) == [(1, 3), (5, 9)]


def test_before_and_after_all():
    assert insert_interval([(1, 3), (6, 9)], (-5, -1)) == [(-5, -1), (1, 3), (6, 9)]
    assert insert_interval([(1, 3), (6, 9)], (11, 12)) == [(1, 3), (6, 9), (11, 12)]


def test_covers_several():
    assert insert_interval([(1, 2), (4, 5), (7, 8), (10, 11)], (3, 8)) == [(1, 2), (3, 8), (10, 11)]
    assert insert_interval([(1, 2), (4, 5), (7, 8)], (0, 20)) == [(0, 20)]
    assert insert_interval([(1, 3), (6, 9)], (2, 7)) == [(1, 9)]


def test_empty_list():
    assert insert_interval([], (2, 2)) == [(2, 2)]


def test_outputs_are_tuples():
    out = insert_interval([[1, 2], [8, 9]], [4, 5])
    assert out == [(1, 2), (4, 5), (8, 9)]
    assert all(type(iv) is tuple for iv in out)


def test_reversed_new_raises():
    with pytest.raises(ValueError):
        insert_interval([(1, 2)], (5, 4))


def test_reversed_member_raises():
    with pytest.raises(ValueError):
        insert_interval([(1, 2), (9, 5)], (20, 21))


def test_unsorted_or_overlapping_list_raises():
    with pytest.raises(ValueError):
        insert_interval([(6, 9), (1, 2)], (20, 21))
    with pytest.raises(ValueError):
        insert_interval([(1, 5), (5, 9)], (20, 21))


def test_arguments_not_mutated():
    data = [[1, 2], [4, 5], [7, 8]]
    new = [3, 7]
    before = copy.deepcopy((data, new))
    insert_interval(data, new)
    assert (data, new) == before
