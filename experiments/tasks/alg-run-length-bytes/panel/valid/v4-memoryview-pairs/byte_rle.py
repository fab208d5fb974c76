"""Byte RLE: decode through a memoryview cast to pairs; encode run by run."""


def encode(data):
    if not isinstance(data, (bytes, bytearray)):
        raise TypeError(type(data).__name__)
    result = bytearray()
    start = 0
    for end in range(1, len(data) + 1):
        if end == len(data) or data[end] != data[start] or end - start == 255:
            result += bytes((end - start, data[start]))
            start = end
    return bytes(result)


def decode(blob):
    if not isinstance(blob, (bytes, bytearray)):
        raise TypeError(type(blob).__name__)
    if len(blob) % 2 == 1:
        raise ValueError("odd number of bytes")
    view = memoryview(bytes(blob))
    out = bytearray()
    for i in range(len(view) // 2):
        count, value = view[2 * i], view[2 * i + 1]
        if count == 0:
            raise ValueError(f"pair {i} has count 0")
        out += bytes([value]) * count
    return bytes(out)
