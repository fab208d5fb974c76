"""Render Roman numerals digit by digit from (one, five, ten) symbol triples."""

_PLACES = [("M", "?", "?"), ("C", "D", "M"), ("X", "L", "C"), ("I", "V", "X")]


def _digit(d, one, five, ten):
    if d == 9:
        return one + ten
    if d >= 5:
        return five + one * (d - 5)
    if d == 4:
        return one + five
    return one * d


def to_roman(n, *, lowercase=False):
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError("integer expected")
    if n <= 0 or n >= 4000:
        raise ValueError("Roman numerals cover 1-3999 only")
    digits = [n // 1000, n // 100 % 10, n // 10 % 10, n % 10]
    text = "".join(_digit(d, *place) for d, place in zip(digits, _PLACES))
    return text.lower() if lowercase else text
