"""Run-length encoding as count-then-character pairs."""
from itertools import groupby

_DIGITS = "0123456789"


def encode(text):
    if not isinstance(text, str):
        raise TypeError(f"encode() expects str, got {type(text).__name__}")
    return "".join(f"{len(list(run))}{ch}" for ch, run in groupby(text))


def decode(data):
    if not isinstance(data, str):
        raise TypeError(f"decode() expects str, got {type(data).__name__}")
    out = []
    count = ""
    for i, ch in enumerate(data):
        if ch in _DIGITS:
            count += ch
            continue
        if not count:
            raise ValueError(f"character {ch!r} at offset {i} has no count")
        if int(count) == 0:
            raise ValueError(f"zero count before offset {i}")
        out.append(ch * int(count))
        count = ""
    if count:
        raise ValueError("data ends with a count but no character")
    return "".join(out)
