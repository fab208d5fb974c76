"""Lenient evaluation of Roman numerals."""

_VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


def parse_roman(text):
    symbols = text.strip().upper()
    if not symbols:
        raise ValueError("empty numeral")
    values = []
    for ch in symbols:
        if ch not in _VALUES:
            raise ValueError(f"invalid character {ch!r} in numeral")
        values.append(_VALUES[ch])
    total = 0
    for i, value in enumerate(values):
        if i + 1 < len(values) and value < values[i + 1]:
            total -= value
        else:
            total += value
    return total
