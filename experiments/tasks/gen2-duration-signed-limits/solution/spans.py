"""Parse signed time spans such as "-1h30m"."""

_SECONDS = {"d": 86400, "h": 3600, "m": 60, "s": 1}
_ORDER = "dhms"
_DIGITS = "0123456789"


def _error(text, index):
    return ValueError(f"invalid span {text!r}: column {index + 1}")


def parse_span(text, max_seconds=10**9):
    """Return the signed number of seconds in text."""
    if not isinstance(text, str):
        raise TypeError(f"span must be a string, not {type(text).__name__}")
    if max_seconds < 0:
        raise ValueError(f"max_seconds must be >= 0, got {max_seconds}")
    n = len(text)
    i = 0
    while i < n and text[i].isspace():
        i += 1
    sign = 1
    if i < n and text[i] in "+-":
        sign = -1 if text[i] == "-" else 1
        i += 1
    total = 0
    last = -1
    while True:
        start = i
        while i < n and text[i] in _DIGITS:
            i += 1
        if i == start or i == n:
            raise _error(text, i)
        rank = _ORDER.find(text[i])
        if rank <= last:
            raise _error(text, i)
        total += int(text[start:i]) * _SECONDS[text[i]]
        last = rank
        i += 1
        if i == n or text[i].isspace():
            break
    while i < n:
        if not text[i].isspace():
            raise _error(text, i)
        i += 1
    total *= sign
    if abs(total) > max_seconds:
        raise OverflowError(f"span {text!r} exceeds {max_seconds} seconds")
    return total
