"""Byte RLE using a bytes regular expression to find runs."""
import re

_RUN = re.compile(rb"(.)\1*", re.S)


def encode(data):
    if type(data) not in (bytes, bytearray):
        raise TypeError(f"cannot encode {type(data).__name__}")
    out = bytearray()
    for m in _RUN.finditer(bytes(data)):
        n, value = len(m.group(0)), m.group(0)[0]
        while n > 0:
            step = min(n, 255)
            out.append(step)
            out.append(value)
            n -= step
    return bytes(out)


def decode(blob):
    if type(blob) not in (bytes, bytearray):
        raise TypeError(f"cannot decode {type(blob).__name__}")
    if len(blob) % 2 != 0:
        raise ValueError("blob length must be even")
    out = bytearray()
    it = iter(blob)
    for count, value in zip(it, it):
        if not count:
            raise ValueError("zero-length run")
        out.extend([value] * count)
    return bytes(out)
