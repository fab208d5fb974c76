"""One regular expression for the whole grammar, evaluated with Decimal."""
import re
from datetime import timedelta
from decimal import Decimal

_NUM = r"[0-9]+(?:\.[0-9]+)?"
_GRAMMAR = re.compile(
    r"\s*" + "".join(
        rf"(?:(?P<{name}>{_NUM}){unit} *)?"
        for name, unit in [("w", "w"), ("d", "d"), ("h", "h"),
                           ("m", "m(?!s)"), ("s", "s"), ("ms", "ms")]
    ) + r"\s*"
)
_FACTOR = {"w": 604800 * 10**6, "d": 86400 * 10**6, "h": 3600 * 10**6,
           "m": 60 * 10**6, "s": 10**6, "ms": 1000}


def parse_duration(text):
    m = _GRAMMAR.fullmatch(text)
    parts = m.groupdict() if m else {}
    if not any(parts.values()) or re.search(r"[0-9.] +[0-9.]", text.strip()):
        raise ValueError("invalid duration " + repr(text))
    us = sum(Decimal(v) * _FACTOR[k] for k, v in parts.items() if v)
    if us % 1:
        raise ValueError("duration below microsecond resolution: " + repr(text))
    return timedelta(microseconds=int(us))
