"""Regex-driven line classification; per-section dicts of first line numbers."""
import re

_ENTRY = re.compile(r"(?P<key>[^=:]*)[=:](?P<value>.*)")


class ConfigError(ValueError):
    def __init__(self, message, lineno):
        super().__init__(f"{message} at line {lineno}")
        self.lineno = lineno


class DuplicateKeyError(ConfigError):
    def __init__(self, section, key, lineno, first_lineno):
        super().__init__(f"key {key} repeated in [{section}]", lineno)
        self.section, self.key, self.first_lineno = section, key, first_lineno


class DuplicateSectionError(ConfigError):
    def __init__(self, section, lineno, first_lineno):
        super().__init__(f"section [{section}] repeated", lineno)
        self.section, self.first_lineno = section, first_lineno


def parse_strict(text):
    data = {}
    headers = {}
    first_line = {}
    section = None
    last = None
    for n, line in enumerate(text.splitlines(), 1):
        body = line.strip()
        if body == "" or body[0] in "#;":
            continue
        if line[:1].isspace():
            if last is None:
                raise ConfigError("orphan continuation", n)
            data[section][last] = data[section][last] + "\n" + body
            continue
        header = re.fullmatch(r"\[\s*([^\]]*?)\s*\]", body)
        if body.startswith("["):
            if not header or not header.group(1):
                raise ConfigError("malformed header", n)
            section = header.group(1).lower()
            if section in headers:
                raise DuplicateSectionError(section, n, headers[section])
            headers[section] = n
            data[section] = {}
            first_line[section] = {}
            last = None
            continue
        m = _ENTRY.match(body)
        if not m or not m.group("key").strip():
            raise ConfigError("malformed entry", n)
        if section is None:
            raise ConfigError("entry outside sections", n)
        key = m.group("key").strip().lower()
        if key in first_line[section]:
            raise DuplicateKeyError(section, key, n, first_line[section][key])
        first_line[section][key] = n
        data[section][key] = m.group("value").strip()
        last = key
    return data
