"""Strict parsing of Roman numerals."""
import re

_VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
_STANDARD_FORM = re.compile(r"M{0,3}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})")


def from_roman(s):
    """Return the value of the standard-form Roman numeral ``s``."""
    if not isinstance(s, str):
        raise TypeError(f"expected str, got {type(s).__name__}")
    if not s or not _STANDARD_FORM.fullmatch(s):
        raise ValueError(f"invalid Roman numeral: {s!r}")
    total = 0
    largest = 0
    for symbol in reversed(s):
        value = _VALUES[symbol]
        if value < largest:
            total -= value
        else:
            total += value
            largest = value
    return total
