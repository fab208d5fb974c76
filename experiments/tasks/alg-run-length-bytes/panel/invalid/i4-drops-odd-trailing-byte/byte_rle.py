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
    return bytes(out)


def decode(blob):
    _check(blob)
    out = bytearray()
    for count, value in zip(blob[0::2], blob[1::2]):
        if count == 0:
            raise ValueError("zero count")
        out += bytes([value]) * count
    return bytes(out)
