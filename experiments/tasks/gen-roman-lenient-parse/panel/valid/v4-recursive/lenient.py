"""Lenient Roman numerals evaluated recursively."""

_TABLE = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


def _value(symbols):
    if not symbols:
        return 0
    head = _TABLE[symbols[0]]
    if len(symbols) > 1 and head < _TABLE[symbols[1]]:
        return -head + _value(symbols[1:])
    return head + _value(symbols[1:])


def parse_roman(text):
    if isinstance(text, str) is False:
        raise TypeError("expected a string")
    symbols = text.upper().strip()
    if len(symbols) == 0:
        raise ValueError("empty")
    for ch in symbols:
        if ch not in _TABLE:
            raise ValueError("invalid symbol: " + ch)
    return _value(symbols)
