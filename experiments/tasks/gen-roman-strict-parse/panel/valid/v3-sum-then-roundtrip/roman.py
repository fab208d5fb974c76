"""Strict Roman numerals: sum the symbols, then require that the value renders back to s."""

_VALUES = dict(zip("IVXLCDM", (1, 5, 10, 50, 100, 500, 1000)))
_PAIRS = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
          (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]


def _to_roman(n):
    parts = []
    for value, text in _PAIRS:
        while n >= value:
            parts.append(text)
            n -= value
    return "".join(parts)


def from_roman(s):
    if not isinstance(s, str):
        raise TypeError("from_roman() needs a str")
    if not s or any(ch not in _VALUES for ch in s):
        raise ValueError("bad symbol or empty numeral")
    values = [_VALUES[ch] for ch in s]
    total = 0
    for i, v in enumerate(values):
        if i + 1 < len(values) and v < values[i + 1]:
            total -= v
        else:
            total += v
    if not 1 <= total <= 3999 or _to_roman(total) != s:
        raise ValueError("numeral is not in standard form or out of range")
    return total
