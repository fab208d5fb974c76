"""Top-k most frequent words: count into a dict, sort everything, slice."""


def top_k_frequent(words, k):
    if k < 0:
        raise ValueError("k must be non-negative")
    counts = {}
    for w in words:
        counts[w] = counts.get(w, 0) + 1
    ordered = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    return ordered[:k]
