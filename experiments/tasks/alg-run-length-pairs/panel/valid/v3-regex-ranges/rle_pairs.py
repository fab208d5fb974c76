"""Run-length pairs: regex runs, chunk sizes from range steps."""
import re

_RUN = re.compile(r"(.)\1*", re.S)


def encode(text, max_run=255):
    if max_run < 1:
        raise ValueError("max_run must be positive")
    pairs = []
    for m in _RUN.finditer(text):
        n = len(m.group(0))
        pairs += [(m.group(1), min(max_run, n - start)) for start in range(0, n, max_run)]
    return pairs


def _check(pair):
    ch, count = pair
    if not (isinstance(ch, str) and len(ch) == 1):
        raise ValueError("character must be a str of length 1")
    if isinstance(count, bool) or not isinstance(count, int):
        raise ValueError("count must be an int")
    if count < 1:
        raise ValueError("count must be at least 1")
    return ch * count


def decode(pairs):
    return "".join(map(_check, pairs))
