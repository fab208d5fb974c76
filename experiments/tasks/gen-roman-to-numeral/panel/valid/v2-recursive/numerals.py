"""Render Roman numerals recursively: largest fitting value first."""

_VALUES = (1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1)
_SYMBOLS = ("M", "CM", "D", "CD", "C", "XC", "L", "XL", "X", "IX", "V", "IV", "I")


def _render(n):
    if n == 0:
        return ""
    for value, symbol in zip(_VALUES, _SYMBOLS):
        if value <= n:
            return symbol + _render(n - value)
    raise AssertionError("unreachable")


def to_roman(n, *, lowercase=False):
    if not isinstance(n, int) or isinstance(n, bool):
        raise TypeError(repr(n))
    if not 0 < n < 4000:
        raise ValueError(repr(n))
    out = _render(n)
    return out.lower() if lowercase else out
