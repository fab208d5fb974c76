"""Run-length encoding as count-then-character pairs."""
from itertools import groupby

_DIGITS = "0123456789"


def encode(text):
    parts = []
    for ch, run in groupby(text):
        if ch in _DIGITS:
            raise ValueError(f"cannot encode digit {ch!r}")
        parts.append(f"{len(list(run))}{ch}")
    return "".join(parts)


def decode(data):
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
