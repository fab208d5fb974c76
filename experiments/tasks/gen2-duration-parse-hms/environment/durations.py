"""Parse compact h/m/s durations such as "1h30m"."""

import re

_COMPONENT = re.compile(r"([0-9]+)([hms])", re.IGNORECASE)
_SECONDS = {"h": 3600, "m": 60, "s": 1}


def parse_duration(text):
    """Return the number of seconds in a duration like "1h30m"."""
    if not isinstance(text, str):
        raise TypeError(f"duration must be a string, not {type(text).__name__}")
    body = text.strip()
    if not body:
        raise ValueError(f"empty duration: {text!r}")
    total = 0
    pos = 0
    for match in _COMPONENT.finditer(body):
        if match.start() != pos:
            raise ValueError(f"invalid duration: {text!r}")
        total += int(match.group(1)) * _SECONDS[match.group(2).lower()]
        pos = match.end()
    if pos != len(body):
        raise ValueError(f"invalid duration: {text!r}")
    return total
