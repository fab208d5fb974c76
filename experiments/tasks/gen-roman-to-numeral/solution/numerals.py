"""Render integers as Roman numerals."""

_TABLE = [
    (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"),
    (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
]


def to_roman(n, *, lowercase=False):
    """Return ``n`` (1..3999) as a standard-form Roman numeral."""
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"expected int, got {type(n).__name__}")
    if not 1 <= n <= 3999:
        raise ValueError(f"{n} is outside 1..3999")
    parts = []
    for value, symbols in _TABLE:
        count, n = divmod(n, value)
        parts.append(symbols * count)
    numeral = "".join(parts)
    return numeral.lower() if lowercase else numeral
