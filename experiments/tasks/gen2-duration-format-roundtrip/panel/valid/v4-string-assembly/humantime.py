"""Builds the text from a components dict; regex fullmatch with named groups."""
import re

_RX = re.compile(r"(?P<d>[0-9]+d)?(?P<h>[0-9]+h)?(?P<m>[0-9]+m)?(?P<s>[0-9]+s)?")
_SEC = {"d": 86400, "h": 3600, "m": 60, "s": 1}


def _counts(seconds):
    counts = {}
    for unit in "dhms":
        counts[unit], seconds = divmod(seconds, _SEC[unit])
    return counts


def format_duration(seconds, max_units=None):
    if seconds.__class__ is not int:
        raise TypeError(f"{seconds!r} is not an int")
    if seconds < 0:
        raise ValueError(f"{seconds} < 0")
    if max_units is not None:
        if max_units.__class__ is not int or max_units < 1:
            raise ValueError(f"invalid max_units {max_units!r}")
        used = [u for u, c in _counts(seconds).items() if c]
        if len(used) > max_units:
            step = _SEC[used[max_units - 1]]
            remainder = seconds % step
            seconds -= remainder
            if remainder * 2 >= step:
                seconds += step
    counts = _counts(seconds)
    text = "".join(f"{c}{u}" for u, c in counts.items() if c)
    return text if text else "0s"


def parse_duration(text):
    if not isinstance(text, str):
        raise TypeError("expected str")
    m = _RX.fullmatch(text)
    if not m or not m.group(0):
        raise ValueError("cannot parse " + repr(text))
    return sum(int(v[:-1]) * _SEC[k] for k, v in m.groupdict().items() if v)
