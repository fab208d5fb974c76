"""Render Roman numerals by looking up each decimal digit in a per-place table."""

_THOUSANDS = ["", "M", "MM", "MMM"]
_HUNDREDS = ["", "C", "CC", "CCC", "CD", "D", "DC", "DCC", "DCCC", "CM"]
_TENS = ["", "X", "XX", "XXX", "XL", "L", "LX", "LXX", "LXXX", "XC"]
_ONES = ["", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"]


def to_roman(n, *, lowercase=False):
    if type(n) is not int:
        raise TypeError("to_roman() requires an int")
    if n < 1 or n > 3999:
        raise ValueError("value must be between 1 and 3999")
    text = _THOUSANDS[n // 1000] + _HUNDREDS[n // 100 % 10] + _TENS[n // 10 % 10] + _ONES[n % 10]
    if lowercase:
        text = text.lower()
    return text
