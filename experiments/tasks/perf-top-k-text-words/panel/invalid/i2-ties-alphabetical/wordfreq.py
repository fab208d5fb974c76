"""Most common words of a text."""
import re
from collections import Counter

_WORD = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)*")


def most_common_words(text, k, stopwords=()):
    if k < 1:
        raise ValueError(f"k must be at least 1, got {k}")
    skip = {s.lower() for s in stopwords}
    counts = Counter(w.lower() for w in _WORD.findall(text))
    for s in skip:
        counts.pop(s, None)
    return sorted(counts.items(), key=lambda wc: (-wc[1], wc[0]))[:k]
