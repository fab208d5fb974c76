"""Run-length pairs with explicit index loops."""


def encode(text, max_run=255):
    if max_run <= 0:
        raise ValueError(f"invalid max_run {max_run}")
    out = []
    i = 0
    while i < len(text):
        j = i
        while j < len(text) and text[j] == text[i] and j - i < max_run:
            j += 1
        out.append((text[i], j - i))
        i = j
    return out


def decode(pairs):
    buf = ""
    for index, (ch, count) in enumerate(pairs):
        ok_char = isinstance(ch, str) and len(ch) == 1
        ok_count = isinstance(count, int) and not isinstance(count, bool) and count > 0
        if not (ok_char and ok_count):
            raise ValueError(f"pair {index} is invalid: {(ch, count)!r}")
        buf += ch * count
    return buf
