"""Lenient evaluation of Roman numerals."""
import re

_VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
_STANDARD = re.compile(r"M*(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})")


def parse_roman(text):
    if not isinstance(text, str):
        raise TypeError(f"expected str, got {type(text).__name__}")
    symbols = text.strip().upper()
    if not symbols:
        raise ValueError("empty numeral")
    for ch in symbols:
        if ch not in _VALUES:
            raise ValueError(f"invalid character {ch!r} in numeral")
    if not _STANDARD.fullmatch(symbols):
        raise ValueError(f"{symbols} is not a well-formed numeral")
    values = [_VALUES[ch] for ch in symbols]
    total = 0
    for i, value in enumerate(values):
        if i + 1 < len(values) and value < values[i + 1]:
            total -= value
        else:
            total += value
    return total
