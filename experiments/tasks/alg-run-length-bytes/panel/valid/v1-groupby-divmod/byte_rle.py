"""Byte RLE with itertools.groupby and divmod for long runs."""
from itertools import groupby


def _require_bytes(x):
    if not isinstance(x, (bytes, bytearray)):
        raise TypeError("bytes-like input required")


def encode(data):
    _require_bytes(data)
    pairs = []
    for value, grp in groupby(data):
        full, rest = divmod(sum(1 for _ in grp), 255)
        pairs += [255, value] * full
        if rest:
            pairs += [rest, value]
    return bytes(pairs)


def decode(blob):
    _require_bytes(blob)
    if len(blob) & 1:
        raise ValueError("truncated pair")
    counts, values = blob[0::2], blob[1::2]
    if 0 in counts:
        raise ValueError("count byte of zero")
    return b"".join(bytes([v]) * c for c, v in zip(counts, values))
