"""Arithmetic on Roman numerals."""
import re

_STANDARD = re.compile(r"M{0,3}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})")
_VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
_TABLE = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
          (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]


def _parse(numeral):
    if not isinstance(numeral, str):
        raise TypeError(f"expected str, got {type(numeral).__name__}")
    if not numeral or not _STANDARD.fullmatch(numeral):
        raise ValueError(f"not a standard Roman numeral: {numeral!r}")
    total = 0
    for i, ch in enumerate(numeral):
        value = _VALUES[ch]
        if i + 1 < len(numeral) and value < _VALUES[numeral[i + 1]]:
            total -= value
        else:
            total += value
    return total


def _render(n):
    if n > 3999:
        raise OverflowError(f"sum {n} exceeds 3999")
    parts = []
    for value, symbols in _TABLE:
        count, n = divmod(n, value)
        parts.append(symbols * count)
    return "".join(parts)


def add(a, b):
    """Return the standard-form numeral of ``a + b``."""
    return _render(_parse(a) + _parse(b))
