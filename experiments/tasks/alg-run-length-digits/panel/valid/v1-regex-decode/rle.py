"""Run-length codec: groupby to encode, one anchored regex to decode."""
import re
from itertools import groupby

_PAIR = re.compile(r"([0-9]+)([^0-9])", re.S)


def encode(text):
    if not isinstance(text, str):
        raise TypeError("text must be a str")
    if re.search(r"[0-9]", text):
        raise ValueError("digits cannot be run-length encoded")
    return "".join(str(sum(1 for _ in g)) + k for k, g in groupby(text))


def decode(data):
    if not isinstance(data, str):
        raise TypeError("data must be a str")
    pos = 0
    pieces = []
    while pos < len(data):
        m = _PAIR.match(data, pos)
        if m is None:
            raise ValueError(f"malformed data at {pos}")
        n = int(m.group(1))
        if n == 0:
            raise ValueError("zero-length run")
        pieces.append(m.group(2) * n)
        pos = m.end()
    return "".join(pieces)
