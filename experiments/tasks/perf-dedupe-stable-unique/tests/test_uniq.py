import pytest

from uniq import unique


def test_first_occurrences_in_order():
    assert unique([3, 1, 3, 2, 1, 4]) == [3, 1, 2, 4]
    assert unique([]) == []


def test_returns_a_new_list():
    data = [1, 2, 3]
    result = unique(data)
    assert result == data and result is not data


def test_key_groups_and_keeps_original_items():
    words = ["Apple", "banana", "APPLE", "Cherry", "BANANA"]
    assert unique(words, key=str.lower) == ["Apple", "banana", "Cherry"]


def test_key_called_once_per_item():
    calls = []

    def key(x):
        calls.append(x)
        return x % 3

    assert unique([1, 4, 2, 5, 3], key=key) == [1, 2, 3]
    assert calls == [1, 4, 2, 5, 3]


def test_keep_last_ordered_by_last_position():
    assert unique([1, 2, 1, 3, 2], keep="last") == [1, 3, 2]
    words = ["a1", "b1", "a2", "c1", "b2"]
    assert unique(words, key=lambda w: w[0], keep="last") == ["a2", "c1", "b2"]


def test_generator_input():
    def gen():
        yield from ["x", "y", "x", "z"]

    assert unique(gen()) == ["x", "y", "z"]
    assert unique(gen(), keep="last") == ["y", "x", "z"]
    assert unique(iter([5, 5, 6]), key=lambda v: v) == [5, 6]


@pytest.mark.parametrize("mode", ["middle", "FIRST", None, ""])
def test_bad_keep(mode):
    with pytest.raises(ValueError):
        unique([1, 2], keep=mode)
