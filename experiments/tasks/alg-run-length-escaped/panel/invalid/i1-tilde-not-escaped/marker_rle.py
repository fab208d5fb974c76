"""Run-length encoding that compresses only long runs, marked with '~'."""
from itertools import groupby


def encode(text):
    parts = []
    for ch, group in groupby(text):
        n = len(list(group))
        parts.append(f"~{ch}{n};" if n >= 4 else ch * n)
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
        if i + 1 >= len(data):
            raise ValueError("marker at end of data")
        run_char = data[i + 1]
        end = data.find(";", i + 2)
        if end == -1:
            raise ValueError(f"unterminated marker at offset {i}")
        count = data[i + 2:end]
        if not count.isdigit() or not count.isascii() or int(count) == 0:
            raise ValueError(f"bad count {count!r} at offset {i}")
        out.append(run_char * int(count))
        i = end + 1
    return "".join(out)
