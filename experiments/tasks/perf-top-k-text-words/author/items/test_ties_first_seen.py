from wordfreq import most_common_words


def test_ties_first_seen():
    text = "pear apple pear apple fig"
    assert most_common_words(text, 2) == [("pear", 2), ("apple", 2)]
