"""Classify each line with a regular expression."""
import re

_HEADER = re.compile(r"\s*\[\s*(?P<name>[^\]]*?)\s*\]\s*")
_ENTRY = re.compile(r"\s*(?P<key>[^=]*?)\s*=\s*(?P<value>.*?)\s*")


class ConfigError(ValueError):
    def __init__(self, lineno, message="malformed line"):
        self.lineno = lineno
        super().__init__(f"{message} (line {lineno})")


def parse_ini(text):
    sections = {}
    name = ""
    for number, line in enumerate(re.split(r"\r?\n", text), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith(("#", ";")):
            continue
        if stripped.startswith("["):
            m = _HEADER.fullmatch(line)
            if not m or not m.group("name"):
                raise ConfigError(number, "invalid section header")
            name = m.group("name").lower()
            sections.setdefault(name, {})
            continue
        m = _ENTRY.fullmatch(line)
        if not m or not m.group("key"):
            raise ConfigError(number, "invalid entry")
        sections.setdefault(name, {})[m.group("key").lower()] = m.group("value")
    return sections
