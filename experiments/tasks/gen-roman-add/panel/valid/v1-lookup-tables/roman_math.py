"""Roman addition through two lookup tables built once for 1..3999."""

_PAIRS = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
          (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]


def _build(n):
    s = ""
    for v, sym in _PAIRS:
        while n >= v:
            s += sym
            n -= v
    return s


_TO_TEXT = {n: _build(n) for n in range(1, 4000)}
_TO_INT = {text: n for n, text in _TO_TEXT.items()}


def add(a, b):
    for arg in (a, b):
        if not isinstance(arg, str):
            raise TypeError("numerals must be strings")
    if a not in _TO_INT or b not in _TO_INT:
        raise ValueError("invalid numeral")
    total = _TO_INT[a] + _TO_INT[b]
    if total not in _TO_TEXT:
        raise OverflowError("result too large for Roman numerals")
    return _TO_TEXT[total]
