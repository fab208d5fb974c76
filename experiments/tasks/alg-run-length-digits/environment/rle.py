"""Run-length encoding as count-then-character pairs."""
from itertools import groupby

_DIGITS = "0123456789"


def encode(text):
    """Encode ``text`` as decimal run lengths followed by the repeated character."""
    if not isinstance(text, str):
        raise TypeError(f"encode() expects str, got {type(text).__name__}")
    parts = []
    for ch, run in groupby(text):
        if ch in _DIGITS:
            raise ValueError(f"cannot encode digit {ch!r}")
        parts.append(f"{len(list(run))}{ch}")
    return "".join(parts)


def decode(data):
    """Invert :func:`encode`."""
    if not isinstance(data, str):
        raise TypeError(f"decode() expects str, got {type(data).__name__}")
    if len(data) % 2:
        raise ValueError("truncated data: expected count/character pairs")
    out = []
    for i in range(0, len(data), 2):
        count, ch = data[i], data[i + 1]
        if count not in _DIGITS or ch in _DIGITS:
            raise ValueError(f"malformed pair {data[i:i + 2]!r} at offset {i}")
        if count == "0":
            raise ValueError(f"zero count at offset {i}")
        out.append(ch * int(count))
    return "".join(out)
