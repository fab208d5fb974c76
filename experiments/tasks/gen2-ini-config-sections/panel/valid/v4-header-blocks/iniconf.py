"""Split the text into header blocks first, then parse each block's entries."""


class ConfigError(ValueError):
    def __init__(self, lineno):
        super().__init__("syntax error on line %d" % lineno)
        self.lineno = lineno


def _blocks(lines):
    """Yield (section, body); body holds (lineno, stripped line), None marks a header."""
    name, body = "", []
    for n, raw in enumerate(lines, 1):
        s = raw.strip()
        if s.startswith("["):
            yield name, body
            inner = s[1:-1].strip() if s.endswith("]") else ""
            if not inner:
                raise ConfigError(n)
            name, body = inner.lower(), [None]
        else:
            body.append((n, s))
    yield name, body


def parse_ini(text):
    result = {}
    for name, body in _blocks(text.splitlines()):
        entries = [item for item in body
                   if item is not None and item[1] and item[1][0] not in "#;"]
        if not entries and None not in body:
            continue
        section = result.setdefault(name, {})
        for n, s in entries:
            key, eq, value = s.partition("=")
            if not eq or not key.strip():
                raise ConfigError(n)
            section[key.strip().lower()] = value.strip()
    return result
