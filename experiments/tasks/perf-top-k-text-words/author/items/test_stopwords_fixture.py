from wordfreq import most_common_words


def test_stopwords_fixture(english_stopwords):
    assert most_common_words("the fox", 1, stopwords=english_stopwords) == [("fox", 1)]
