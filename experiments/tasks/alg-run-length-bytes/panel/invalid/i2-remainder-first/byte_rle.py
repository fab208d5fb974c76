"""Byte run-length encoding: (count, value) pairs."""
from itertools import groupby


def _check(arg):
    if not isinstance(arg, (bytes, bytearray)):
        raise TypeError(f"expected bytes or bytearray, got {type(arg).__name__}")


def encode(data):
    _check(data)
    out = bytearray()
    for value, grp in groupby(data):
        full, rest = divmod(len(list(grp)), 255)
        if rest:
            out += bytes([rest, value])
        out += bytes([255, value]) * full
    return bytes(out)


def decode(blob):
    _check(blob)
    if len(blob) % 2:
        raise ValueError("odd length: blob must hold (count, value) pairs")
    out = bytearray()
    for k in range(0, len(blob), 2):
        count, value = blob[k], blob[k + 1]
        if count == 0:
            raise ValueError(f"zero count at offset {k}")
        out += bytes([value]) * count
    return bytes(out)
