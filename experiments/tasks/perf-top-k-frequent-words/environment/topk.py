"""Top-k most frequent words."""


def top_k_frequent(words, k):
    """Return the k most frequent (word, count) pairs, ties alphabetical."""
    if k < 0:
        raise ValueError(f"k must be non-negative, got {k}")
    distinct = sorted(set(words))
    # sorted() is stable, so words with equal counts keep their alphabetical order.
    ranked = sorted(distinct, key=lambda w: -words.count(w))
    return [(w, words.count(w)) for w in ranked[:k]]
