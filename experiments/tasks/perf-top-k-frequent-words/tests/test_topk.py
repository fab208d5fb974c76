import pytest

from topk import top_k_frequent


def test_most_frequent_first_with_counts():
    words = ["b", "a", "c", "a", "b", "a"]
    assert top_k_frequent(words, 2) == [("a", 3), ("b", 2)]


def test_case_sensitive_counting():
    words = ["Apple", "apple", "apple", "APPLE"]
    assert top_k_frequent(words, 3) == [("apple", 2), ("APPLE", 1), ("Apple", 1)]


def test_ties_are_alphabetical():
    words = ["pear", "fig", "kiwi", "fig", "pear", "kiwi", "date"]
    assert top_k_frequent(words, 4) == [
        ("fig", 2), ("kiwi", 2), ("pear", 2), ("date", 1),
    ]


def test_ties_use_plain_string_order():
    assert top_k_frequent(["a", "B", "b", "A"], 4) == [
        ("A", 1), ("B", 1), ("a", 1), ("b", 1),
    ]


def test_k_larger_than_distinct_returns_all():
    assert top_k_frequent(["x", "y", "x"], 10) == [("x", 2), ("y", 1)]


def test_zero_k_and_empty_input():
    assert top_k_frequent(["x", "y"], 0) == []
    assert top_k_frequent([], 3) == []


def test_negative_k_raises():
    with pytest.raises(ValueError):
        top_k_frequent(["x"], -1)


def test_input_not_modified():
    words = ["q", "b", "q", "a"]
    top_k_frequent(words, 2)
    assert words == ["q", "b", "q", "a"]
