"""Loop over a unit table; a character scanner parses."""
from decimal import ROUND_HALF_UP, Decimal

_TABLE = [("d", 86400), ("h", 3600), ("m", 60), ("s", 1)]


def _parts(seconds):
    out = []
    for unit, size in _TABLE:
        if seconds >= size:
            out.append((seconds // size, unit, size))
            seconds %= size
    return out


def format_duration(seconds, max_units=None):
    if not isinstance(seconds, int) or isinstance(seconds, bool):
        raise TypeError(repr(seconds))
    if seconds < 0:
        raise ValueError(repr(seconds))
    if max_units is not None:
        if not isinstance(max_units, int) or isinstance(max_units, bool) or max_units <= 0:
            raise ValueError("max_units")
        parts = _parts(seconds)
        if len(parts) > max_units:
            size = parts[max_units - 1][2]
            steps = (Decimal(seconds) / size).quantize(Decimal(1), rounding=ROUND_HALF_UP)
            seconds = int(steps) * size
    parts = _parts(seconds)
    return "".join("%d%s" % (c, u) for c, u, _ in parts) if parts else "0s"


def parse_duration(text):
    if not isinstance(text, str):
        raise TypeError("need str")
    sizes = dict(_TABLE)
    order = [u for u, _ in _TABLE]
    total, digits, last, count = 0, "", -1, 0
    for ch in text:
        if ch in "0123456789":
            digits += ch
        elif ch in sizes and digits and order.index(ch) > last:
            total += int(digits) * sizes[ch]
            last = order.index(ch)
            digits = ""
            count += 1
        else:
            raise ValueError(f"unexpected {ch!r} in {text!r}")
    if digits or not count:
        raise ValueError(f"incomplete duration {text!r}")
    return total
