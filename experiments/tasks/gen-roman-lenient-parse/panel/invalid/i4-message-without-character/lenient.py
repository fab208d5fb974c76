"""Lenient evaluation of Roman numerals."""

_VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


def parse_roman(text):
    if not isinstance(text, str):
        raise TypeError(f"expected str, got {type(text).__name__}")
    symbols = text.strip().upper()
    if not symbols:
        raise ValueError("empty numeral")
    if any(ch not in _VALUES for ch in symbols):
        raise ValueError("not a Roman numeral")
    values = [_VALUES[ch] for ch in symbols]
    total = 0
    for i, value in enumerate(values):
        if i + 1 < len(values) and value < values[i + 1]:
            total -= value
        else:
            total += value
    return total
