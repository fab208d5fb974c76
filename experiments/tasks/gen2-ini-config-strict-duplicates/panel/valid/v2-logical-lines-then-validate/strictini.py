"""Fold continuation lines into logical entries first, then validate and build."""


class ConfigError(ValueError):
    def __init__(self, message, lineno):
        super().__init__("line %d: %s" % (lineno, message))
        self.lineno = lineno


class DuplicateKeyError(ConfigError):
    def __init__(self, section, key, lineno, first_lineno):
        ConfigError.__init__(self, "duplicate key " + key, lineno)
        self.section = section
        self.key = key
        self.first_lineno = first_lineno


class DuplicateSectionError(ConfigError):
    def __init__(self, section, lineno, first_lineno):
        ConfigError.__init__(self, "duplicate section " + section, lineno)
        self.section = section
        self.first_lineno = first_lineno


def _logical(text):
    """Yield [kind, lineno, payload] items; continuations are folded into entries."""
    pending = None
    for lineno, raw in enumerate(text.splitlines(), 1):
        s = raw.strip()
        if not s or s[0] in "#;":
            continue
        if raw[0].isspace():
            if pending is None:
                raise ConfigError("nothing to continue", lineno)
            pending[2][1] += "\n" + s
            continue
        if pending is not None:
            yield pending
            pending = None
        if s[0] == "[":
            if s[-1] != "]" or not s[1:-1].strip():
                raise ConfigError("bad header", lineno)
            # a header cannot be continued, so it is handed over at once
            yield ["section", lineno, s[1:-1].strip().lower()]
            continue
        eq, colon = s.find("="), s.find(":")
        cut = min(p for p in (eq, colon, len(s)) if p >= 0)
        if cut == len(s) or not s[:cut].strip():
            raise ConfigError("bad entry", lineno)
        pending = ["entry", lineno, [s[:cut].strip().lower(), s[cut + 1:].strip()]]
    if pending is not None:
        yield pending


def parse_strict(text):
    out = {}
    where = {}
    current = None
    for kind, lineno, payload in _logical(text):
        if kind == "section":
            if ("section", payload) in where:
                raise DuplicateSectionError(payload, lineno, where[("section", payload)])
            where[("section", payload)] = lineno
            current = payload
            out[current] = {}
            continue
        if current is None:
            raise ConfigError("entry before any section", lineno)
        key, value = payload
        slot = ("key", current, key)
        if slot in where:
            raise DuplicateKeyError(current, key, lineno, where[slot])
        where[slot] = lineno
        out[current][key] = value
    return out
