"""Lenient Roman numerals: scan right to left, comparing with the symbol just to the right."""

_V = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


def parse_roman(text):
    if not isinstance(text, str):
        raise TypeError(f"{text!r} is not a string")
    body = text.strip().upper()
    if not body:
        raise ValueError("numeral is blank")
    bad = [ch for ch in body if ch not in _V]
    if bad:
        raise ValueError(f"character not allowed: {bad[0]}")
    total = 0
    right = 0
    for ch in reversed(body):
        v = _V[ch]
        total += -v if v < right else v
        right = v
    return total
