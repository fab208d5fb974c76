"""Marker RLE whose decoder also rejects markers that encode() would never write."""
from itertools import groupby


def encode(text):
    chunks = []
    for ch, grp in groupby(text):
        size = sum(1 for _ in grp)
        chunks.append(f"~{ch}{size};" if (size >= 4 or ch == "~") else ch * size)
    return "".join(chunks)


def decode(data):
    result = []
    k = 0
    while k < len(data):
        if data[k] != "~":
            result.append(data[k])
            k += 1
            continue
        semi = data.find(";", k + 2) if k + 2 <= len(data) else -1
        if k + 1 >= len(data) or semi == -1:
            raise ValueError("truncated marker")
        ch, count = data[k + 1], data[k + 2:semi]
        if not count or any(d not in "0123456789" for d in count):
            raise ValueError("count must be decimal")
        n = int(count)
        # Canonical data only: short runs of ordinary characters are never marked.
        if n == 0 or (n < 4 and ch != "~"):
            raise ValueError(f"non-canonical marker count {n}")
        result.append(ch * n)
        k = semi + 1
    return "".join(result)
