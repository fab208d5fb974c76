"""Byte RLE tracking the previous byte and a running count."""


def encode(data):
    if not isinstance(data, (bytes, bytearray)):
        raise TypeError("data must be bytes")
    out = []
    prev, count = None, 0
    for b in data:
        if b == prev and count < 255:
            count += 1
        else:
            if prev is not None:
                out.append(bytes((count, prev)))
            prev, count = b, 1
    if prev is not None:
        out.append(bytes((count, prev)))
    return b"".join(out)


def decode(blob):
    if not isinstance(blob, (bytes, bytearray)):
        raise TypeError("blob must be bytes")
    if len(blob) % 2:
        raise ValueError("incomplete final pair")
    chunks = []
    for pos in range(0, len(blob), 2):
        if blob[pos] == 0:
            raise ValueError("invalid zero count")
        chunks.append(blob[pos + 1:pos + 2] * blob[pos])
    return bytes(b"".join(chunks))
