"""Strict INI parser: duplicates are errors."""


class ConfigError(ValueError):
    """Malformed configuration; `lineno` is 1-based."""

    def __init__(self, message, lineno):
        super().__init__(f"line {lineno}: {message}")
        self.lineno = lineno


class DuplicateKeyError(ConfigError):
    def __init__(self, section, key, lineno, first_lineno):
        super().__init__(
            f"duplicate key {key!r} in section {section!r} (first on line {first_lineno})",
            lineno,
        )
        self.section = section
        self.key = key
        self.first_lineno = first_lineno


class DuplicateSectionError(ConfigError):
    def __init__(self, section, lineno, first_lineno):
        super().__init__(f"duplicate section {section!r} (first on line {first_lineno})", lineno)
        self.section = section
        self.first_lineno = first_lineno


def parse_strict(text):
    """Parse INI text, rejecting duplicate sections and keys."""
    result = {}
    section_lines = {}  # section -> line of its header
    key_lines = {}  # (current, key) -> line of its first definition
    current = None
    last_key = None
    for lineno, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if not stripped or stripped[0] in "#;":
            continue
        if raw[0].isspace():
            if last_key is None:
                raise ConfigError("continuation line without an entry", lineno)
            result[current][last_key] += "\n" + stripped
            continue
        if stripped.startswith("["):
            if not stripped.endswith("]") or not stripped[1:-1].strip():
                raise ConfigError(f"bad section header {stripped!r}", lineno)
            name = stripped[1:-1].strip().lower()
            section_lines.setdefault(name, lineno)
            result.setdefault(name, {})
            current = name
            last_key = None
            continue
        cuts = [pos for pos in (stripped.find("="), stripped.find(":")) if pos >= 0]
        if not cuts:
            raise ConfigError("expected 'key = value' or 'key: value'", lineno)
        key = stripped[:min(cuts)].strip().lower()
        value = stripped[min(cuts) + 1:].strip()
        if not key:
            raise ConfigError("empty key", lineno)
        if current is None:
            raise ConfigError("entry before the first section", lineno)
        if (current, key) in key_lines:
            raise DuplicateKeyError(current, key, lineno, key_lines[(current, key)])
        key_lines[(current, key)] = lineno
        result[current][key] = value
        last_key = key
    return result
