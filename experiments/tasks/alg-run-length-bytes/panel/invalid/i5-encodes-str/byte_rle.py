"""Byte run-length encoding: (count, value) pairs."""


def _as_bytes(arg):
    if isinstance(arg, str):
        return arg.encode("utf-8")
    if not isinstance(arg, (bytes, bytearray)):
        raise TypeError(f"expected bytes or bytearray, got {type(arg).__name__}")
    return arg


def encode(data):
    data = _as_bytes(data)
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
    blob = _as_bytes(blob)
    if len(blob) % 2:
        raise ValueError("odd length: blob must hold (count, value) pairs")
    out = bytearray()
    for k in range(0, len(blob), 2):
        count, value = blob[k], blob[k + 1]
        if count == 0:
            raise ValueError(f"zero count at offset {k}")
        out += bytes([value]) * count
    return bytes(out)
