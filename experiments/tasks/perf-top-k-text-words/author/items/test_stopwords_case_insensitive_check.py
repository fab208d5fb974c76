from wordfreq import most_common_words


def test_stopwords_case_insensitive_check():
    text = "The fox and the hound"
    assert most_common_words(text, 2, stopwords={"The", "and"}) == [
        ("fox", 1), ("hound", 1),
    ]
