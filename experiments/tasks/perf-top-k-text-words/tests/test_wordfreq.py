import pytest

from wordfreq import most_common_words


def test_counts_case_insensitively():
    text = "The cat saw the dog. THE end, the END."
    assert most_common_words(text, 2) == [("the", 4), ("end", 2)]


def test_ties_by_first_occurrence():
    text = "pear apple fig apple pear fig kiwi"
    assert most_common_words(text, 4) == [
        ("pear", 2), ("apple", 2), ("fig", 2), ("kiwi", 1),
    ]


def test_word_boundaries():
    text = "'tis 2nd caf\u00e9 don't o'clock rock''n ''quoted'' x1y"
    words = [w for w, _ in most_common_words(text, 20)]
    assert words == ["tis", "nd", "caf", "don't", "o'clock", "rock", "n", "quoted",
                     "x", "y"]


def test_stopwords_case_insensitive():
    text = "The fox and the hound and THE owl"
    assert most_common_words(text, 2, stopwords={"The", "AND"}) == [
        ("fox", 1), ("hound", 1),
    ]


def test_stopwords_as_list():
    assert most_common_words("a b a", 5, stopwords=["b"]) == [("a", 2)]


def test_k_rules():
    with pytest.raises(ValueError):
        most_common_words("a b", 0)
    assert most_common_words("123 ... !!!", 3) == []
    assert most_common_words("", 1) == []
    assert most_common_words("b a b", 10) == [("b", 2), ("a", 1)]
