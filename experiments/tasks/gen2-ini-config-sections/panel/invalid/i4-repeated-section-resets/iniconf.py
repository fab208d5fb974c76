"""A small INI parser."""


class ConfigError(ValueError):
    """A malformed line; `lineno` is 1-based."""

    def __init__(self, lineno, message):
        super().__init__(f"line {lineno}: {message}")
        self.lineno = lineno


def parse_ini(text):
    """Parse INI text into {section: {key: value}}."""
    result = {}
    current = ""
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("["):
            name = line[1:-1].strip()
            if not line.endswith("]") or not name:
                raise ConfigError(lineno, f"bad section header {raw!r}")
            current = name.lower()
            result[current] = {}
            continue
        key, sep, value = line.partition("=")
        key = key.strip().lower()
        if not sep or not key:
            raise ConfigError(lineno, f"expected 'key = value', got {raw!r}")
        result.setdefault(current, {})[key] = value.strip()
    return result
