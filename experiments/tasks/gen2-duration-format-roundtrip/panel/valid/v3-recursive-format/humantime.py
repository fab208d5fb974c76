"""Recursive formatter; parsing by splitting on unit letters."""
import re

_ORDER = "dhms"
_SIZES = {"d": 86400, "h": 3600, "m": 60, "s": 1}
_WRAP = {"d": None, "h": 86400, "m": 3600, "s": 60}


def _count(seconds, unit):
    wrap = _WRAP[unit]
    return (seconds % wrap if wrap else seconds) // _SIZES[unit]


def _fmt(seconds, units):
    if not units:
        return ""
    unit = units[0]
    count, rest = divmod(seconds, _SIZES[unit])
    head = f"{count}{unit}" if count else ""
    return head + _fmt(rest, units[1:])


def format_duration(seconds, max_units=None):
    if isinstance(seconds, bool) or not isinstance(seconds, int):
        raise TypeError("format_duration() needs an int")
    if seconds < 0:
        raise ValueError("negative duration")
    if max_units is not None and not (isinstance(max_units, int)
                                      and not isinstance(max_units, bool)
                                      and max_units >= 1):
        raise ValueError("max_units must be >= 1")
    if max_units is not None:
        shown = [u for u in _ORDER if _count(seconds, u)]
        if len(shown) > max_units:
            size = _SIZES[shown[max_units - 1]]
            # floor(seconds / size + 1/2) * size, i.e. halves round up
            seconds = (2 * seconds + size) // (2 * size) * size
    return _fmt(seconds, _ORDER) or "0s"


def parse_duration(text):
    if not isinstance(text, str):
        raise TypeError("text must be a string")
    pieces = re.split(r"([dhms])", text)
    if len(pieces) < 3 or pieces[-1] != "":
        raise ValueError(f"not a duration: {text!r}")
    total, last = 0, -1
    for number, unit in zip(pieces[::2], pieces[1::2]):
        rank = _ORDER.index(unit)
        if not (number.isascii() and number.isdigit()) or rank <= last:
            raise ValueError(f"not a duration: {text!r}")
        last = rank
        total += int(number) * _SIZES[unit]
    return total
