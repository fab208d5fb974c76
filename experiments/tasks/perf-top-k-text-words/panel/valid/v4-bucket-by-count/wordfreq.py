"""Bucket words by count; buckets keep first-occurrence order."""
import re

_TOKEN = re.compile(r"[a-z]+(?:'[a-z]+)*", re.IGNORECASE)


def most_common_words(text, k, stopwords=()):
    if k < 1:
        raise ValueError("k must be >= 1")
    stop = {s.lower() for s in stopwords}
    counts = {}
    for word in _TOKEN.findall(text):
        word = word.lower()
        if word not in stop:
            counts[word] = counts.get(word, 0) + 1
    buckets = {}
    for word, c in counts.items():
        buckets.setdefault(c, []).append(word)
    result = []
    for c in sorted(buckets, reverse=True):
        for word in buckets[c]:
            if len(result) == k:
                return result
            result.append((word, c))
    return result
