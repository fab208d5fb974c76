"""Strict Roman numerals: look the text up in a table of all 3999 standard numerals."""

_PAIRS = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
          (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]


def _render(n):
    out = []
    for value, text in _PAIRS:
        count, n = divmod(n, value)
        out.append(text * count)
    return "".join(out)


_TABLE = {_render(n): n for n in range(1, 4000)}


def from_roman(s):
    if not isinstance(s, str):
        raise TypeError(type(s).__name__)
    try:
        return _TABLE[s]
    except KeyError:
        raise ValueError(f"{s!r} is not a Roman numeral in standard form") from None
