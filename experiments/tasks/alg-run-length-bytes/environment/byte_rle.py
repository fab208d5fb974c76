"""Byte run-length encoding: (count, value) pairs."""


def _check(arg):
    if not isinstance(arg, (bytes, bytearray)):
        raise TypeError(f"expected bytes or bytearray, got {type(arg).__name__}")


def encode(data):
    """Encode ``data`` as (count, value) byte pairs."""
    _check(data)
    out = bytearray()
    i = 0
    while i < len(data):
        j = i
        while j < len(data) and data[j] == data[i]:
            j += 1
        out += bytes([j - i, data[i]])
        i = j
    return bytes(out)


def decode(blob):
    """Expand (count, value) byte pairs."""
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
