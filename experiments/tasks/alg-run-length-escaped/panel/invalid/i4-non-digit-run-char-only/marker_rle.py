"""Run-length encoding that compresses only long runs, marked with '~'."""
import re
from itertools import groupby

_MARK = re.compile(r"~([^0-9])([0-9]+);", re.S)


def encode(text):
    parts = []
    for ch, group in groupby(text):
        n = len(list(group))
        parts.append(f"~{ch}{n};" if ch == "~" or n >= 4 else ch * n)
    return "".join(parts)


def decode(data):
    out = []
    pos = 0
    while pos < len(data):
        if data[pos] != "~":
            out.append(data[pos])
            pos += 1
            continue
        m = _MARK.match(data, pos)
        if not m or int(m.group(2)) == 0:
            raise ValueError(f"malformed marker at offset {pos}")
        out.append(m.group(1) * int(m.group(2)))
        pos = m.end()
    return "".join(out)
