"""Integer-only arithmetic: whole and fractional digits handled separately."""
import re
from datetime import timedelta

_US = {"w": 604800 * 10**6, "d": 86400 * 10**6, "h": 3600 * 10**6,
       "m": 60 * 10**6, "s": 10**6, "ms": 10**3}
_TOKEN = re.compile(r" *([0-9]+)(?:\.([0-9]+))?(ms|[wdhms])")


def parse_duration(text):
    body = text.strip()
    pos, total, seen = 0, 0, []
    while pos < len(body):
        m = _TOKEN.match(body, pos)
        if m is None or (m.start() == 0 and body[0] == " "):
            raise ValueError(f"cannot parse {text!r}")
        whole, frac, unit = m.groups()
        if seen and list(_US).index(unit) <= list(_US).index(seen[-1]):
            raise ValueError(f"unit {unit!r} out of order in {text!r}")
        seen.append(unit)
        frac = frac or ""
        scaled = int(frac or "0") * _US[unit]
        denominator = 10 ** len(frac)
        if scaled % denominator:
            raise ValueError(f"{text!r} is not a whole number of microseconds")
        total += int(whole) * _US[unit] + scaled // denominator
        pos = m.end()
    if not seen:
        raise ValueError(f"cannot parse {text!r}")
    return timedelta(microseconds=total)
