"""Byte run-length encoding: (count, value) pairs."""


def _check(arg):
    if not isinstance(arg, (bytes, bytearray)):
        raise TypeError(f"expected bytes or bytearray, got {type(arg).__name__}")


def encode(data):
    _check(data)
    out = bytearray()
    i = 0
    while i < len(data):
        j = i
        while j < len(data) and data[j] == data[i] and j - i < 255:
            j += 1
        out += bytes([j - i, data[i]])
        i = j
    return out


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
    return out
