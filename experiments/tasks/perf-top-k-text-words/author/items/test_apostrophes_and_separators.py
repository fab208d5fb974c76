from wordfreq import most_common_words


def test_apostrophes_and_separators():
    text = "'tis don't 2nd"
    assert [w for w, _ in most_common_words(text, 5)] == ["tis", "don't", "nd"]
