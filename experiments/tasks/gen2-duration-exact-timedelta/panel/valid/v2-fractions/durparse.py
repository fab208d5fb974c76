"""Exact arithmetic with fractions.Fraction over a split of the components."""
import re
from datetime import timedelta
from fractions import Fraction

_SCALE = [("w", 604800), ("d", 86400), ("h", 3600), ("m", 60), ("s", 1),
          ("ms", Fraction(1, 1000))]
_PART = re.compile(r"(\d+(?:\.\d+)?)(ms|[wdhms])\Z", re.ASCII)


def parse_duration(text):
    chunks = re.findall(r"\d[\d.]*[a-z]+|\S+", text, re.ASCII)
    if not chunks or "".join(chunks) != "".join(text.split()):
        raise ValueError("invalid duration")
    seconds = Fraction(0)
    rank = -1
    for chunk in chunks:
        for piece in re.findall(r"[\d.]+[a-z]+|.+", chunk):
            m = _PART.match(piece)
            if not m:
                raise ValueError(f"bad component {piece!r}")
            units = [u for u, _ in _SCALE]
            r = units.index(m.group(2))
            if r <= rank:
                raise ValueError("units must decrease")
            rank = r
            seconds += Fraction(m.group(1)) * dict(_SCALE)[m.group(2)]
    micros = seconds * 10**6
    if micros.denominator != 1:
        raise ValueError("sub-microsecond precision")
    if any(" " in c for c in re.findall(r"\d[ \t]+[a-z]", text)):
        raise ValueError("space inside a component")
    return timedelta(microseconds=int(micros))
