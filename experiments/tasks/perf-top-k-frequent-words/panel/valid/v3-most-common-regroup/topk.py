"""Top-k from Counter.most_common, re-sorting each group of equal counts."""
from collections import Counter
from itertools import groupby


def top_k_frequent(words, k):
    if k < 0:
        raise ValueError("negative k: %d" % k)
    result = []
    for count, group in groupby(Counter(words).most_common(), key=lambda wc: wc[1]):
        if len(result) >= k:
            break
        for word in sorted(w for w, _ in group):
            result.append((word, count))
    return result[:k]
