"""Run-length encoding that compresses only long runs, marked with '~'."""
from itertools import groupby

MARKER = "~"
MIN_RUN = 4


def encode(text):
    """Compress runs of MIN_RUN or more characters (and every run of MARKER)."""
    parts = []
    for ch, group in groupby(text):
        n = len(list(group))
        if ch == MARKER or n >= MIN_RUN:
            parts.append(f"{MARKER}{ch}{n};")
        else:
            parts.append(ch * n)
    return "".join(parts)


def decode(data):
    """Expand marker forms produced by :func:`encode`."""
    out = []
    i = 0
    while i < len(data):
        ch = data[i]
        if ch != MARKER:
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
