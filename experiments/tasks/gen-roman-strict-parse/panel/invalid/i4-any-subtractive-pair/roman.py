"""Strict parsing of Roman numerals."""

_VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


def from_roman(s):
    if not isinstance(s, str):
        raise TypeError(f"expected str, got {type(s).__name__}")
    if not s or any(ch not in _VALUES for ch in s):
        raise ValueError(f"invalid Roman numeral: {s!r}")
    for sym in "IXCM":
        if sym * 4 in s:
            raise ValueError(f"{sym} repeated more than three times")
    for sym in "VLD":
        if s.count(sym) > 1:
            raise ValueError(f"{sym} repeated")
    values = [_VALUES[ch] for ch in s]
    total = 0
    for i, v in enumerate(values):
        if i + 1 < len(values) and v < values[i + 1]:
            total -= v
        else:
            total += v
    if not 1 <= total <= 3999:
        raise ValueError("out of range")
    return total
