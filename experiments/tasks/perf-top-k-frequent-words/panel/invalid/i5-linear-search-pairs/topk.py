"""Top-k most frequent words, counting into a list of pairs."""


def top_k_frequent(words, k):
    if k < 0:
        raise ValueError(f"k must be non-negative, got {k}")
    pairs = []
    for w in words:
        for pair in pairs:
            if pair[0] == w:
                pair[1] += 1
                break
        else:
            pairs.append([w, 1])
    pairs.sort(key=lambda p: (-p[1], p[0]))
    return [(w, c) for w, c in pairs[:k]]
