"""divmod chain for formatting; regex per component for parsing (case-sensitive)."""
import re

_TOKEN = re.compile(r"([0-9]+)([dhms])")
_SIZE = {"d": 86400, "h": 3600, "m": 60, "s": 1}


def _split(n):
    days, rest = divmod(n, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    return [(days, "d", 86400), (hours, "h", 3600), (minutes, "m", 60), (secs, "s", 1)]


def format_duration(seconds, max_units=None):
    if type(seconds) is not int:
        raise TypeError("seconds must be int")
    if seconds < 0:
        raise ValueError("seconds must not be negative")
    if max_units is not None and (type(max_units) is not int or max_units < 1):
        raise ValueError("bad max_units")
    nonzero = [p for p in _split(seconds) if p[0]]
    if max_units is not None and len(nonzero) > max_units:
        step = nonzero[max_units - 1][2]
        q, r = divmod(seconds, step)
        seconds = (q + (1 if 2 * r >= step else 0)) * step
        nonzero = [p for p in _split(seconds) if p[0]]
    return "".join(f"{c}{u}" for c, u, _ in nonzero) or "0s"


def parse_duration(text):
    if not isinstance(text, str):
        raise TypeError("text must be str")
    pos, total, last = 0, 0, -1
    order = "dhms"
    for m in _TOKEN.finditer(text):
        if m.start() != pos or order.index(m.group(2)) <= last:
            raise ValueError(f"invalid duration {text!r}")
        last = order.index(m.group(2))
        total += int(m.group(1)) * _SIZE[m.group(2)]
        pos = m.end()
    if pos == 0 or pos != len(text):
        raise ValueError(f"invalid duration {text!r}")
    return total
