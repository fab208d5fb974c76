"""Parse human durations into timedelta objects."""

import re
from datetime import timedelta
from decimal import Decimal

_COMPONENT = re.compile(r"([0-9]+(?:\.[0-9]+)?)(ms|w|d|h|m|s)")
_MICROS = {"w": 604_800_000_000, "d": 86_400_000_000, "h": 3_600_000_000,
           "m": 60_000_000, "s": 1_000_000, "ms": 1_000}
_ORDER = ["w", "d", "h", "m", "s", "ms"]


def parse_duration(text):
    """Parse "1h 30m"-style text into an exact timedelta."""
    body = text.strip()
    if not body:
        raise ValueError(f"invalid duration: {text!r}")
    micros = Decimal(0)
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
        micros += Decimal(number) * _MICROS[unit]
        pos = match.end()
    return timedelta(microseconds=int(micros.to_integral_value()))
