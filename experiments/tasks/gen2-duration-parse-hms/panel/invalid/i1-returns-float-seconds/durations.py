"""Parse compact h/m/s durations such as "1h30m"."""
import re
from datetime import timedelta

_DURATION = re.compile(
    r"(?:(?P<h>[0-9]+)h)?(?:(?P<m>[0-9]+)m)?(?:(?P<s>[0-9]+)s)?", re.IGNORECASE
)


def parse_duration(text):
    if not isinstance(text, str):
        raise TypeError(f"duration must be a string, not {type(text).__name__}")
    match = _DURATION.fullmatch(text.strip())
    if match is None or not any(match.groupdict().values()):
        raise ValueError(f"invalid duration: {text!r}")
    parts = {unit: int(value or 0) for unit, value in match.groupdict().items()}
    delta = timedelta(hours=parts["h"], minutes=parts["m"], seconds=parts["s"])
    return delta.total_seconds()
