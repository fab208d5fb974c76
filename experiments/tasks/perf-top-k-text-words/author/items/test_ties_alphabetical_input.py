from wordfreq import most_common_words


def test_ties_alphabetical_input():
    text = "apple pear apple pear fig"
    assert most_common_words(text, 2) == [("apple", 2), ("pear", 2)]
