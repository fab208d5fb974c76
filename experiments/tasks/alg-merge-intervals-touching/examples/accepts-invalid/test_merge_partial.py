import pytest

from intervals import merge


def test_overlap_and_touching():
    assert merge([(5, 8), (1, 3), (3, 4), (2, 2)]) == [(1, 4), (5, 8)]
    assert merge([(1, 10), (2, 3)]) == [(1, 10)]


def test_tuples():
    assert all(type(iv) is tuple for iv in merge([[1, 2]]))


def test_reversed_raises():
    with pytest.raises(ValueError):
        merge([(3, 1)])
