"""Most common words of a text."""

import re

_WORD = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)*")


def tokenize(text):
    """Lowercased words of text, in order."""
    return [w.lower() for w in _WORD.findall(text)]


def most_common_words(text, k, stopwords=()):
    """Return the k most common (word, count) pairs of text."""
    if k < 1:
        raise ValueError(f"k must be at least 1, got {k}")
    skip = {s.lower() for s in stopwords}
    counts = {}  # insertion order = first occurrence
    for word in tokenize(text):
        if word not in skip:
            counts[word] = counts.get(word, 0) + 1
    ranked = sorted(counts.items(), key=lambda wc: -wc[1])  # stable: ties keep first occurrence
    return ranked[:k]
