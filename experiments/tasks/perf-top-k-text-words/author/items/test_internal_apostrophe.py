from wordfreq import most_common_words


def test_internal_apostrophe():
    assert most_common_words("don't stop", 1) == [("don't", 1)]
