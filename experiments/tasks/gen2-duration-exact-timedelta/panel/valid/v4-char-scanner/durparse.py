"""Character scanner building Decimal components."""
from datetime import timedelta
from decimal import Decimal

_UNITS = ["w", "d", "h", "m", "s", "ms"]
_US = dict(zip(_UNITS, [604800000000, 86400000000, 3600000000, 60000000, 1000000, 1000]))


def _fail(text):
    return ValueError(f"malformed duration {text!r}")


def parse_duration(text):
    s = text.strip()
    i, n = 0, len(s)
    total = Decimal(0)
    last = -1
    count = 0
    while i < n:
        if s[i] == " ":
            i += 1
            continue
        start = i
        while i < n and "0" <= s[i] <= "9":
            i += 1
        if i == start:
            raise _fail(text)
        if i < n and s[i] == ".":
            i += 1
            frac_start = i
            while i < n and "0" <= s[i] <= "9":
                i += 1
            if i == frac_start:
                raise _fail(text)
        number = s[start:i]
        if s.startswith("ms", i):
            unit = "ms"
        elif i < n and s[i] in "wdhms":
            unit = s[i]
        else:
            raise _fail(text)
        i += len(unit)
        rank = _UNITS.index(unit)
        if rank <= last:
            raise _fail(text)
        last = rank
        count += 1
        total += Decimal(number) * _US[unit]
    if count == 0 or total != int(total):
        raise _fail(text)
    return timedelta(microseconds=int(total))
