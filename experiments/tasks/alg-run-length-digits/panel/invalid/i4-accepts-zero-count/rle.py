"""Run-length encoding as count-then-character pairs."""
import re
from itertools import groupby

_DIGITS = "0123456789"


def encode(text):
    if not isinstance(text, str):
        raise TypeError(f"encode() expects str, got {type(text).__name__}")
    parts = []
    for ch, run in groupby(text):
        if ch in _DIGITS:
            raise ValueError(f"cannot encode digit {ch!r}")
        parts.append(f"{len(list(run))}{ch}")
    return "".join(parts)


def decode(data):
    if not isinstance(data, str):
        raise TypeError(f"decode() expects str, got {type(data).__name__}")
    if not re.fullmatch(r"(?:[0-9]+[^0-9])*", data, flags=re.S):
        raise ValueError("malformed run-length data")
    return "".join(ch * int(n) for n, ch in re.findall(r"([0-9]+)([^0-9])", data, flags=re.S))
