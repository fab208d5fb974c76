import copy
import random

import pytest

from labeled import merge_labeled


def test_merges_and_collects_sorted_labels():
    data = [(8, 9, "c"), (1, 4, "b"), (2, 6, "a")]
    assert merge_labeled(data) == [(1, 6, ("a", "b")), (8, 9, ("c",))]


def test_single_interval_label_tuple():
    out = merge_labeled([(1, 2, "x")])
    assert out == [(1, 2, ("x",))]
    assert type(out[0][2]) is tuple


def test_touching_intervals_merge():
    assert merge_labeled([(3, 5, "late"), (1, 3, "early")]) == [(1, 5, ("early", "late"))]


def test_adjacent_integers_do_not_merge():
    assert merge_labeled([(1, 3, "a"), (4, 5, "b")]) == [(1, 3, ("a",)), (4, 5, ("b",))]


def test_duplicate_labels_listed_once():
    data = [(1, 5, "r1"), (2, 3, "r1"), (4, 8, "r2"), (6, 7, "r1")]
    assert merge_labeled(data) == [(1, 8, ("r1", "r2"))]


def test_empty_input():
    assert merge_labeled([]) == []


def test_reversed_interval_raises():
    with pytest.raises(ValueError):
        merge_labeled([(5, 1, "a")])


def test_non_str_label_raises_type_error():
    with pytest.raises(TypeError):
        merge_labeled([(1, 2, 7)])
    with pytest.raises(TypeError):
        merge_labeled([(1, 2, "a"), (3, 4, None)])


def test_order_independent():
    rng = random.Random(42)
    base = [(rng.randint(0, 20), rng.randint(0, 5), rng.choice("abcd")) for _ in range(12)]
    data = [(s, s + d, lab) for s, d, lab in base]
    expected = merge_labeled(list(data))
    for _ in range(20):
        rng.shuffle(data)
        assert merge_labeled(list(data)) == expected


def test_input_not_mutated():
    data = [(6, 9, "b"), (1, 3, "a"), (2, 7, "c")]
    before = copy.deepcopy(data)
    merge_labeled(data)
    assert data == before
