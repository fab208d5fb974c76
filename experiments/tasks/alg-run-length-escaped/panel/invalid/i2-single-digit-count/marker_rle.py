"""Run-length encoding that compresses only long runs, marked with '~'."""
from itertools import groupby


def encode(text):
    parts = []
    for ch, group in groupby(text):
        n = len(list(group))
        parts.append(f"~{ch}{n};" if ch == "~" or n >= 4 else ch * n)
    return "".join(parts)


def decode(data):
    out = []
    i = 0
    while i < len(data):
        ch = data[i]
        if ch != "~":
            out.append(ch)
            i += 1
            continue
        if i + 3 >= len(data):
            raise ValueError("truncated marker")
        run_char, count, semi = data[i + 1], data[i + 2], data[i + 3]
        if semi != ";" or count not in "123456789":
            raise ValueError(f"bad marker at offset {i}")
        out.append(run_char * int(count))
        i += 4
    return "".join(out)
