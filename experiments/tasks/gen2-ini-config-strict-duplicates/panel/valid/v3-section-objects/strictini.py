"""A Section object per header keeps its own entries and line numbers."""


class ConfigError(ValueError):
    def __init__(self, message, lineno):
        super().__init__(f"{message} (line {lineno})")
        self.lineno = lineno


class DuplicateKeyError(ConfigError):
    def __init__(self, section, key, lineno, first_lineno):
        super().__init__(f"{section}.{key} defined twice", lineno)
        self.section = section
        self.key = key
        self.first_lineno = first_lineno


class DuplicateSectionError(ConfigError):
    def __init__(self, section, lineno, first_lineno):
        super().__init__(f"[{section}] defined twice", lineno)
        self.section = section
        self.first_lineno = first_lineno


class _Section:
    def __init__(self, name, lineno):
        self.name = name
        self.lineno = lineno
        self.values = {}
        self.lines = {}
        self.last = None

    def add(self, key, value, lineno):
        if key in self.lines:
            raise DuplicateKeyError(self.name, key, lineno, self.lines[key])
        self.lines[key] = lineno
        self.values[key] = value
        self.last = key

    def extend(self, text, lineno):
        if self.last is None:
            raise ConfigError("continuation without entry", lineno)
        self.values[self.last] += "\n" + text


def _split_entry(line):
    for i, ch in enumerate(line):
        if ch in "=:":
            return line[:i].strip(), line[i + 1:].strip()
    return None


def parse_strict(text):
    sections = {}
    current = None
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if raw[0] in " \t" or raw[0].isspace():
            if current is None:
                raise ConfigError("continuation without entry", lineno)
            current.extend(line, lineno)
        elif line.startswith("["):
            name = line[1:-1].strip().lower() if line.endswith("]") else ""
            if not name:
                raise ConfigError("invalid section header", lineno)
            if name in sections:
                raise DuplicateSectionError(name, lineno, sections[name].lineno)
            current = sections[name] = _Section(name, lineno)
        else:
            entry = _split_entry(line)
            if entry is None or not entry[0]:
                raise ConfigError("invalid entry", lineno)
            if current is None:
                raise ConfigError("entry outside a section", lineno)
            current.add(entry[0].lower(), entry[1], lineno)
    return {name: sec.values for name, sec in sections.items()}
