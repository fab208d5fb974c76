"""A small stateful parser object."""


class ConfigError(ValueError):
    def __init__(self, message, lineno):
        ValueError.__init__(self, message)
        self.lineno = lineno


class _Parser:
    def __init__(self):
        self.data = {}
        self.section = None

    def fail(self, lineno, why):
        raise ConfigError(f"{why} at line {lineno}", lineno)

    def header(self, lineno, line):
        if not line.endswith("]") or not line[1:-1].strip():
            self.fail(lineno, "broken header")
        self.section = line[1:-1].strip().lower()
        self.data.setdefault(self.section, {})

    def entry(self, lineno, line):
        if "=" not in line:
            self.fail(lineno, "missing '='")
        key, value = line.split("=", 1)
        if not key.strip():
            self.fail(lineno, "empty key")
        target = self.data.setdefault(self.section or "", {})
        target[key.strip().lower()] = value.strip()

    def feed(self, lineno, raw):
        line = raw.strip()
        if line == "" or line[0] in ";#":
            return
        if line[0] == "[":
            self.header(lineno, line)
        else:
            self.entry(lineno, line)


def parse_ini(text):
    parser = _Parser()
    for lineno, raw in enumerate(text.replace("\r\n", "\n").split("\n"), start=1):
        parser.feed(lineno, raw)
    return parser.data
