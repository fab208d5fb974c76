"""Render Roman numerals with a while loop over two symbol tables (upper and lower)."""

_UPPER = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
          (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
_LOWER = [(value, text.lower()) for value, text in _UPPER]


def to_roman(n, *, lowercase=False):
    if n.__class__ is bool or not isinstance(n, int):
        raise TypeError(f"{n!r} is not an integer")
    if not (1 <= n <= 3999):
        raise ValueError(f"no Roman numeral for {n}")
    table = _LOWER if lowercase else _UPPER
    out = ""
    i = 0
    while n:
        value, text = table[i]
        if n >= value:
            out += text
            n -= value
        else:
            i += 1
    return out
