"""Arithmetic on Roman numerals."""

_VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
_TABLE = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
          (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]


def _parse(numeral):
    if not isinstance(numeral, str):
        raise TypeError(f"expected str, got {type(numeral).__name__}")
    if not numeral or any(ch not in _VALUES for ch in numeral):
        raise ValueError(f"not a Roman numeral: {numeral!r}")
    total = 0
    for i, ch in enumerate(numeral):
        value = _VALUES[ch]
        if i + 1 < len(numeral) and value < _VALUES[numeral[i + 1]]:
            total -= value
        else:
            total += value
    if not 1 <= total <= 3999:
        raise ValueError(f"{numeral!r} is out of range")
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
    return _render(_parse(a) + _parse(b))
