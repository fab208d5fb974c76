"""Run-length encoding as count-then-character pairs."""
from itertools import groupby

_DIGITS = "0123456789"


def encode(text):
    if not isinstance(text, str):
        raise TypeError(f"encode() expects str, got {type(text).__name__}")
    parts = []
    for ch, run in groupby(text):
        if ch in _DIGITS:
            raise ValueError(f"cannot encode digit {ch!r}")
        n = len(list(run))
        parts.append(f"{n}{ch}" if n > 1 else ch)
    return "".join(parts)


def decode(data):
    if not isinstance(data, str):
        raise TypeError(f"decode() expects str, got {type(data).__name__}")
    out = []
    count = ""
    for ch in data:
        if ch in _DIGITS:
            count += ch
            continue
        n = int(count) if count else 1
        if n == 0:
            raise ValueError("zero count")
        out.append(ch * n)
        count = ""
    if count:
        raise ValueError("data ends with a count but no character")
    return "".join(out)
