"""INI parser with typed values."""

import re


class ConfigError(ValueError):
    """Malformed configuration; `lineno` is 1-based."""

    def __init__(self, lineno, message):
        super().__init__(f"line {lineno}: {message}")
        self.lineno = lineno


_INT = re.compile(r"[+-]?[0-9]+")
_FLOAT = re.compile(r"[+-]?[0-9]*\.[0-9]+(?:[eE][+-]?[0-9]+)?")
_TRUE = {"true", "yes", "on"}
_FALSE = {"false", "no", "off"}


def _convert(raw, lineno):
    if raw == "":
        return None
    if raw.startswith('"'):
        if len(raw) < 2 or not raw.endswith('"'):
            raise ConfigError(lineno, "unterminated quoted value")
        return raw[1:-1]
    word = raw.lower()
    if word in _TRUE:
        return True
    if word in _FALSE:
        return False
    if _INT.fullmatch(raw):
        return int(raw)
    if _FLOAT.fullmatch(raw):
        return float(raw)
    return raw


def parse_typed(text):
    """Parse INI text, converting values to bool, int, float, str or None."""
    result = {}
    section = None
    for lineno, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped[0] in "#;":
            continue
        if stripped.startswith("[") and stripped.endswith("]") and stripped[1:-1].strip():
            section = stripped[1:-1].strip()
            result.setdefault(section, {})
            continue
        key, sep, value = stripped.partition("=")
        if not sep or not key.strip():
            raise ConfigError(lineno, f"cannot parse {line!r}")
        if section is None:
            raise ConfigError(lineno, "entry outside a section")
        result[section][key.strip()] = _convert(value.strip(), lineno)
    return result
