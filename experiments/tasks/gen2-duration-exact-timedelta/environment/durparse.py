"""Parse human durations into timedelta objects."""

import re
from datetime import timedelta

_COMPONENT = re.compile(r"([0-9]+(?:\.[0-9]+)?)(ms|w|d|h|m|s)")
_SECONDS = {"w": 604800, "d": 86400, "h": 3600, "m": 60, "s": 1, "ms": 0.001}
_ORDER = ["w", "d", "h", "m", "s", "ms"]


def parse_duration(text):
    """Parse "1h 30m"-style text into a timedelta."""
    body = text.strip()
    if not body:
        raise ValueError(f"invalid duration: {text!r}")
    total = 0.0
    pos = 0
    last_rank = -1
    while pos < len(body):
        if body[pos] == " " and pos > 0:
            pos += 1
            continue
        match = _COMPONENT.match(body, pos)
        if match is None:
            raise ValueError(f"invalid duration: {text!r}")
        number, unit = match.groups()
        rank = _ORDER.index(unit)
        if rank <= last_rank:
            raise ValueError(f"invalid duration: {text!r}")
        last_rank = rank
        total += float(number) * _SECONDS[unit]
        pos = match.end()
    return timedelta(seconds=total)
