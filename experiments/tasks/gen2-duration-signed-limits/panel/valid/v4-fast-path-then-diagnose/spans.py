"""Full-match regex for valid text; a scanner only to locate errors."""
import re

_VALID = re.compile(
    r"\s*([+-]?)(?:([0-9]+)d)?(?:([0-9]+)h)?(?:([0-9]+)m)?(?:([0-9]+)s)?\s*"
)


def _column_of_error(text):
    i, n = 0, len(text)
    while i < n and text[i].isspace():
        i += 1
    if i < n and text[i] in "+-":
        i += 1
    allowed = "dhms"
    while True:
        j = i
        while j < n and text[j].isdigit() and text[j].isascii():
            j += 1
        if j == i or j == n or text[j] not in allowed:
            return j + 1
        allowed = allowed[allowed.index(text[j]) + 1:]
        i = j + 1
        if i == n or text[i].isspace():
            break
    while i < n and text[i].isspace():
        i += 1
    return i + 1


def parse_span(text, max_seconds=10**9):
    if not isinstance(text, str):
        raise TypeError(f"expected str, got {type(text).__name__}")
    if max_seconds < 0:
        raise ValueError(f"max_seconds={max_seconds} is negative")
    m = _VALID.fullmatch(text)
    if m is None or not any(m.groups()[1:]):
        raise ValueError(f"bad span, column {_column_of_error(text)}")
    sign, *parts = m.groups()
    seconds = sum(int(p or 0) * f for p, f in zip(parts, (86400, 3600, 60, 1)))
    if sign == "-":
        seconds = -seconds
    if abs(seconds) > max_seconds:
        raise OverflowError("span exceeds the limit")
    return seconds
