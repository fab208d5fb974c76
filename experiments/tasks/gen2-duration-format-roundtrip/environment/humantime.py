"""Compact duration strings such as "3d4h"."""

import re

_UNITS = (("d", 86400), ("h", 3600), ("m", 60), ("s", 1))
_PATTERN = re.compile(r"(?:([0-9]+)d)?(?:([0-9]+)h)?(?:([0-9]+)m)?(?:([0-9]+)s)?", re.IGNORECASE)


def _check_seconds(seconds):
    if isinstance(seconds, bool) or not isinstance(seconds, int):
        raise TypeError(f"seconds must be an int, not {type(seconds).__name__}")
    if seconds < 0:
        raise ValueError(f"seconds must be >= 0, got {seconds}")


def _components(seconds):
    parts = []
    for unit, size in _UNITS:
        count, seconds = divmod(seconds, size)
        if count:
            parts.append((count, unit, size))
    return parts


def format_duration(seconds, max_units=None):
    """Format seconds as "1h1m1s"; max_units limits (and rounds to) the shown components."""
    _check_seconds(seconds)
    if max_units is not None:
        if isinstance(max_units, bool) or not isinstance(max_units, int) or max_units < 1:
            raise ValueError(f"max_units must be a positive int, got {max_units!r}")
        parts = _components(seconds)
        if len(parts) > max_units:
            # keep only the largest components
            seconds = sum(count * size for count, _, size in parts[:max_units])
    parts = _components(seconds)
    if not parts:
        return "0s"
    return "".join(f"{count}{unit}" for count, unit, _ in parts)


def parse_duration(text):
    """Parse "1h30m"-style text into whole seconds."""
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, not {type(text).__name__}")
    match = _PATTERN.fullmatch(text)
    if match is None or not any(match.groups()):
        raise ValueError(f"invalid duration: {text!r}")
    return sum(int(count or 0) * size for count, (_, size) in zip(match.groups(), _UNITS))
