"""Hand-written tokenizer scanning characters."""
import heapq

_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")


def _words(text):
    n = len(text)
    i = 0
    while i < n:
        if text[i] not in _LETTERS:
            i += 1
            continue
        j = i
        while True:
            while j < n and text[j] in _LETTERS:
                j += 1
            if j + 1 < n and text[j] == "'" and text[j + 1] in _LETTERS:
                j += 1
                continue
            break
        yield text[i:j].lower()
        i = j


def most_common_words(text, k, stopwords=()):
    if k < 1:
        raise ValueError(f"invalid k {k!r}")
    stop = set(map(str.lower, stopwords))
    count = {}
    first = {}
    for pos, word in enumerate(_words(text)):
        if word in stop:
            continue
        count[word] = count.get(word, 0) + 1
        first.setdefault(word, pos)
    return heapq.nsmallest(k, count.items(), key=lambda wc: (-wc[1], first[wc[0]]))
