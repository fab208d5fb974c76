"""Regex tokens matched at explicit positions."""
import re

_LEAD = re.compile(r"\s*[+-]?")
_NUMBER = re.compile(r"[0-9]+")
_TRAIL = re.compile(r"\s*")
_UNITS = ("d", "h", "m", "s")
_MULT = (86400, 3600, 60, 1)


def _bad(pos):
    return ValueError("parse error at column %d" % (pos + 1))


def parse_span(text, max_seconds=10**9):
    if type(text) is not str:
        raise TypeError(repr(text))
    if max_seconds < 0:
        raise ValueError("max_seconds < 0")
    lead = _LEAD.match(text)
    sign = -1 if lead.group().strip() == "-" else 1
    pos = lead.end()
    total = 0
    rank = -1
    while True:
        num = _NUMBER.match(text, pos)
        if num is None:
            raise _bad(pos)
        pos = num.end()
        unit = text[pos:pos + 1]
        if unit not in _UNITS or _UNITS.index(unit) <= rank:
            raise _bad(pos)
        rank = _UNITS.index(unit)
        total += int(num.group()) * _MULT[rank]
        pos += 1
        if not _NUMBER.match(text, pos) and (pos == len(text) or text[pos].isspace()):
            break
    trail = _TRAIL.match(text, pos)
    if trail.end() != len(text):
        raise _bad(trail.end())
    if abs(sign * total) > max_seconds:
        raise OverflowError(f"|{sign * total}| > {max_seconds}")
    return sign * total
