"""Run-length encoding into (char, count) pairs with a bounded count."""
from itertools import groupby


def encode(text, max_run=255):
    """Return ``(char, count)`` runs of ``text``, splitting runs longer than ``max_run``."""
    if max_run < 1:
        raise ValueError(f"max_run must be >= 1, got {max_run}")
    pairs = []
    for ch, group in groupby(text):
        n = len(list(group))
        while n > max_run:
            pairs.append((ch, max_run))
            n -= max_run
        pairs.append((ch, n))
    return pairs


def decode(pairs):
    """Rebuild the text from ``(char, count)`` pairs."""
    return "".join(ch * count for ch, count in pairs)
