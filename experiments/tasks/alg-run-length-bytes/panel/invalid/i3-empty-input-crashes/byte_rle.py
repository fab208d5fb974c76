"""Byte run-length encoding: (count, value) pairs."""


def _check(arg):
    if not isinstance(arg, (bytes, bytearray)):
        raise TypeError(f"expected bytes or bytearray, got {type(arg).__name__}")


def encode(data):
    _check(data)
    out = bytearray()
    prev, count = data[0], 0
    for b in data:
        if b == prev and count < 255:
            count += 1
        else:
            out += bytes([count, prev])
            prev, count = b, 1
    out += bytes([count, prev])
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
