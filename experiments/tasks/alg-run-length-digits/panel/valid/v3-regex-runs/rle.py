"""Run-length codec: a backreference regex finds runs; a small state machine decodes."""
import re

_RUN = re.compile(r"(.)\1*", re.S)
_DIGITS = frozenset("0123456789")


def encode(text):
    if not isinstance(text, str):
        raise TypeError(type(text).__name__)
    if _DIGITS.intersection(text):
        raise ValueError("input has digits")
    return "".join(f"{len(m.group(0))}{m.group(1)}" for m in _RUN.finditer(text))


def decode(data):
    if not isinstance(data, str):
        raise TypeError(type(data).__name__)
    result = []
    number = None
    for ch in data:
        if ch in _DIGITS:
            number = (number or 0) * 10 + int(ch)
        elif number is None:
            raise ValueError(f"{ch!r} is not preceded by a count")
        elif number == 0:
            raise ValueError("count 0 is not allowed")
        else:
            result.append(ch * number)
            number = None
    if number is not None:
        raise ValueError("incomplete final pair")
    return "".join(result)
