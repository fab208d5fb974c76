"""Parse compact h/m/s durations such as "1h30m"."""
import re

_DURATION = re.compile(r"(?:(?P<h>\d+)h)?(?:(?P<m>\d+)m)?(?:(?P<s>\d+)s)?", re.IGNORECASE)


def parse_duration(text):
    if not isinstance(text, str):
        raise TypeError(f"duration must be a string, not {type(text).__name__}")
    match = _DURATION.fullmatch(text.strip())
    if match is None or not any(match.groupdict().values()):
        raise ValueError(f"invalid duration: {text!r}")
    parts = {unit: int(value or 0) for unit, value in match.groupdict().items()}
    return parts["h"] * 3600 + parts["m"] * 60 + parts["s"]
