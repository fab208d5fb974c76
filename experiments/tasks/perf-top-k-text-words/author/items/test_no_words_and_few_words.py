from wordfreq import most_common_words


def test_no_words_and_few_words():
    assert most_common_words("42 !!", 3) == []
    assert most_common_words("b a b", 9) == [("b", 2), ("a", 1)]
