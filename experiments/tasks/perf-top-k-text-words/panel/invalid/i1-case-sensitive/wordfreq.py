"""Most common words of a text."""
import re

_WORD = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)*")


def most_common_words(text, k, stopwords=()):
    if k < 1:
        raise ValueError(f"k must be at least 1, got {k}")
    skip = set(stopwords)
    counts = {}
    for word in _WORD.findall(text):
        if word not in skip and word.lower() not in skip:
            counts[word] = counts.get(word, 0) + 1
    return sorted(counts.items(), key=lambda wc: -wc[1])[:k]
