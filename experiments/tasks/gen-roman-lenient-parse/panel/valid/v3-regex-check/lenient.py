"""Lenient Roman numerals: validate with regular expressions, then index-based loop."""
import re

_SYMBOLS = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
_BAD = re.compile(r"[^IVXLCDM]")


def parse_roman(text):
    if not isinstance(text, str):
        raise TypeError("text must be str, not " + type(text).__name__)
    s = text.strip().upper()
    if re.fullmatch(r"\s*", s):
        raise ValueError("nothing to parse")
    found = _BAD.search(s)
    if found:
        raise ValueError(f"cannot read {found.group()!r} at position {found.start()}")
    total = 0
    i = 0
    while i < len(s):
        v = _SYMBOLS[s[i]]
        nxt = _SYMBOLS[s[i + 1]] if i + 1 < len(s) else 0
        total = total - v if v < nxt else total + v
        i += 1
    return total
