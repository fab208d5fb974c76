"""Marker RLE: a run list for encoding, a generator of tokens for decoding."""


def _runs(text):
    runs = []
    for ch in text:
        if runs and runs[-1][0] == ch:
            runs[-1][1] += 1
        else:
            runs.append([ch, 1])
    return runs


def encode(text):
    return "".join(f"~{c}{n};" if c == "~" or n > 3 else c * n for c, n in _runs(text))


def _tokens(data):
    it = iter(data)
    for ch in it:
        if ch != "~":
            yield ch, 1
            continue
        run_char = next(it, None)
        if run_char is None:
            raise ValueError("data ends inside a marker")
        digits = ""
        for d in it:
            if d == ";":
                break
            digits += d
        else:
            raise ValueError("marker is missing ';'")
        if not (digits.isascii() and digits.isdigit()) or int(digits) < 1:
            raise ValueError(f"count {digits!r} is not a positive number")
        yield run_char, int(digits)


def decode(data):
    return "".join(c * n for c, n in _tokens(data))
