"""Semver precedence with a hand-written character scanner."""

DIGITS = "0123456789"
IDENT_CHARS = DIGITS + "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-"


def _number(text, i):
    j = i
    while j < len(text) and text[j] in DIGITS:
        j += 1
    if j == i or (text[i] == "0" and j - i > 1):
        raise ValueError(f"bad number at {i} in {text!r}")
    return int(text[i:j]), j


def _identifiers(text, i):
    ids = []
    while True:
        j = i
        while j < len(text) and text[j] in IDENT_CHARS:
            j += 1
        if j == i:
            raise ValueError(f"empty identifier at {i} in {text!r}")
        ids.append(text[i:j])
        if j < len(text) and text[j] == ".":
            i = j + 1
            continue
        return ids, j


def _parse(text):
    if not isinstance(text, str):
        raise TypeError("versions are strings")
    core = []
    i = 0
    for k in range(3):
        n, i = _number(text, i)
        core.append(n)
        if k < 2:
            if i >= len(text) or text[i] != ".":
                raise ValueError(f"expected '.' in {text!r}")
            i += 1
    pre = []
    if i < len(text) and text[i] == "-":
        pre, i = _identifiers(text, i + 1)
        for ident in pre:
            if all(c in DIGITS for c in ident) and len(ident) > 1 and ident[0] == "0":
                raise ValueError(f"leading zero in {ident!r}")
    if i < len(text) and text[i] == "+":
        _, i = _identifiers(text, i + 1)
    if i != len(text):
        raise ValueError(f"trailing characters in {text!r}")
    return core, pre


def _cmp(x, y):
    return (x > y) - (x < y)


def compare(a, b):
    (ca, pa), (cb, pb) = _parse(a), _parse(b)
    c = _cmp(ca, cb)
    if c:
        return c
    if not pa or not pb:
        return _cmp(not pa, not pb)
    for x, y in zip(pa, pb):
        xn, yn = x.isdigit(), y.isdigit()
        if xn and yn:
            c = _cmp(int(x), int(y))
        elif xn != yn:
            c = -1 if xn else 1
        else:
            c = _cmp(x, y)
        if c:
            return c
    return _cmp(len(pa), len(pb))
