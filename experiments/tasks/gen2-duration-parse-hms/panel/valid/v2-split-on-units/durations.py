"""Split around unit letters and check the unit sequence is increasing."""
import re

_RANK = {"h": 0, "m": 1, "s": 2}
_MULT = (3600, 60, 1)


def parse_duration(text):
    if not isinstance(text, str):
        raise TypeError(f"expected a string, got {text!r}")
    pieces = re.split(r"([hmsHMS])", text.strip())
    # pieces = [num, unit, num, unit, ..., trailing]; trailing must be empty
    if len(pieces) < 3 or pieces[-1] != "":
        raise ValueError(f"bad duration {text}")
    total = 0
    previous = -1
    for number, unit in zip(pieces[0:-1:2], pieces[1::2]):
        if not (number.isascii() and number.isdigit()):
            raise ValueError(f"bad duration {text}")
        rank = _RANK[unit.lower()]
        if rank <= previous:
            raise ValueError(f"bad duration {text}")
        previous = rank
        total += int(number) * _MULT[rank]
    return total
