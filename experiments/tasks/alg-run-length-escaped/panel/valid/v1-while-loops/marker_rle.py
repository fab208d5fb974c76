"""Marker RLE with explicit while loops in both directions."""


def encode(text):
    out = []
    i = 0
    while i < len(text):
        j = i + 1
        while j < len(text) and text[j] == text[i]:
            j += 1
        run = j - i
        if run >= 4 or text[i] == "~":
            out.append("~%s%d;" % (text[i], run))
        else:
            out.append(text[i:j])
        i = j
    return "".join(out)


def decode(data):
    out = []
    i = 0
    n = len(data)
    while i < n:
        if data[i] != "~":
            out.append(data[i])
            i += 1
            continue
        if i + 1 == n:
            raise ValueError("dangling ~")
        ch = data[i + 1]
        j = i + 2
        while j < n and data[j] in "0123456789":
            j += 1
        if j == i + 2 or j >= n or data[j] != ";":
            raise ValueError("malformed marker")
        count = int(data[i + 2:j])
        if count == 0:
            raise ValueError("zero count")
        out.append(ch * count)
        i = j + 1
    return "".join(out)
