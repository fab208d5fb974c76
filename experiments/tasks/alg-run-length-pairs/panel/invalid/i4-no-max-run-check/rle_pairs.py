"""Run-length encoding into (char, count) pairs with a bounded count."""
from itertools import groupby


def encode(text, max_run=255):
    pairs = []
    for ch, group in groupby(text):
        full, rest = divmod(len(list(group)), max_run)
        pairs.extend([(ch, max_run)] * full)
        if rest:
            pairs.append((ch, rest))
    return pairs


def decode(pairs):
    parts = []
    for ch, count in pairs:
        if not isinstance(ch, str) or len(ch) != 1:
            raise ValueError(f"run character must be a single character, got {ch!r}")
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise ValueError(f"run count must be a positive int, got {count!r}")
        parts.append(ch * count)
    return "".join(parts)
