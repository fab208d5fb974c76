"""Most common words of a text."""


def most_common_words(text, k, stopwords=()):
    """Return the k most common (word, count) pairs of text."""
    raise NotImplementedError("most_common_words is not implemented yet")
