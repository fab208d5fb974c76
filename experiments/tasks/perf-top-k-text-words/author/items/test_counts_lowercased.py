from wordfreq import most_common_words


def test_counts_lowercased():
    assert most_common_words("Go go GO stop", 2) == [("go", 3), ("stop", 1)]
