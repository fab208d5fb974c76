"""Replace separators with spaces, split, then trim stray apostrophes."""
import re


def most_common_words(text, k, stopwords=()):
    if k < 1:
        raise ValueError("k < 1")
    cleaned = re.sub(r"[^A-Za-z']+", " ", text).lower()
    ignore = {s.lower() for s in stopwords}
    counts = {}
    order = []
    for chunk in cleaned.split():
        # runs of apostrophes separate words too; strip them from the ends
        for word in re.split(r"'{2,}", chunk):
            word = word.strip("'")
            if not word or word in ignore:
                continue
            if word not in counts:
                counts[word] = 0
                order.append(word)
            counts[word] += 1
    position = {w: i for i, w in enumerate(order)}
    order.sort(key=lambda w: (-counts[w], position[w]))
    return [(w, counts[w]) for w in order[:k]]
