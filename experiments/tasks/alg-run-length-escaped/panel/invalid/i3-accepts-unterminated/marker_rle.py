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
        if i + 1 >= len(data):
            raise ValueError("marker at end of data")
        run_char = data[i + 1]
        j = i + 2
        while j < len(data) and data[j].isdigit():
            j += 1
        if j == i + 2 or int(data[i + 2:j]) == 0:
            raise ValueError(f"bad count at offset {i}")
        out.append(run_char * int(data[i + 2:j]))
        # The ';' terminator is optional when the data ends right after the count.
        i = j + 1 if j < len(data) and data[j] == ";" else j
        if j < len(data) and data[j] != ";":
            raise ValueError(f"expected ';' at offset {j}")
    return "".join(out)
