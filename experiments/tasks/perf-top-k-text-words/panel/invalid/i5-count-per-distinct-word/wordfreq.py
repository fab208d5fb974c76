"""Most common words of a text."""
import re

_WORD = re.compile(r"[A-Za-z]+(?:'[A-Za-z]+)*")


def most_common_words(text, k, stopwords=()):
    if k < 1:
        raise ValueError(f"k must be at least 1, got {k}")
    skip = {s.lower() for s in stopwords}
    words = [w.lower() for w in _WORD.findall(text)]
    distinct = []
    seen = set()
    for w in words:
        if w not in seen and w not in skip:
            seen.add(w)
            distinct.append(w)
    ranked = sorted(((w, words.count(w)) for w in distinct), key=lambda wc: -wc[1])
    return ranked[:k]
