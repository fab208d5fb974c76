import pytest

from topk import top_k_frequent


def test_counts_order_and_ties():
    words = ["m", "z", "a", "z", "m", "b", "Z"]
    assert top_k_frequent(words, 3) == [("m", 2), ("z", 2), ("Z", 1)]


def test_lowercase_and_uppercase_are_distinct():
    assert top_k_frequent(["Go", "go", "go"], 5) == [("go", 2), ("Go", 1)]


def test_k_bounds():
    assert top_k_frequent(["a"], 3) == [("a", 1)]
    assert top_k_frequent(["a"], 0) == []
    with pytest.raises(ValueError):
        top_k_frequent(["a"], -2)


def test_does_not_touch_input():
    words = ["c", "a", "b", "a"]
    top_k_frequent(words, 1)
    assert words == ["c", "a", "b", "a"]
