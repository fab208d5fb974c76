"""findall the components, then require they rebuild the whole text in h-m-s order."""
import re

_PIECE = re.compile(r"([0-9]+)([a-zA-Z])")
_UNITS = {"h": 3600, "m": 60, "s": 1}


class _Bad(ValueError):
    pass


def parse_duration(text):
    if not isinstance(text, str):
        raise TypeError(type(text).__name__ + " is not a duration string")
    body = text.strip()
    pieces = _PIECE.findall(body)
    units = [u.lower() for _, u in pieces]
    rebuilt = "".join(n + u for n, u in pieces)
    if (
        not pieces
        or rebuilt != body
        or any(u not in _UNITS for u in units)
        or units != sorted(set(units), key="hms".index)
    ):
        raise _Bad(f"{text!r} is not a valid duration")
    return sum(int(n) * _UNITS[u] for n, u in zip((n for n, _ in pieces), units))
