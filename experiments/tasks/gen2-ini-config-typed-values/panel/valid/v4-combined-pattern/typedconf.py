"""One combined pattern with named alternatives classifies every value."""
import re

_VALUE = re.compile(
    r"""(?P<none>)
      |"(?P<quoted>.*)"
      |(?P<true>(?i:true|yes|on))
      |(?P<false>(?i:false|no|off))
      |(?P<int>[+-]?[0-9]+)
      |(?P<float>[+-]?[0-9]+\.[0-9]+(?:[eE][+-]?[0-9]+)?)""",
    re.VERBOSE | re.ASCII | re.DOTALL,
)


class ConfigError(ValueError):
    def __init__(self, lineno, reason):
        super().__init__(f"line {lineno}: {reason}")
        self.lineno = lineno


def _typed(raw, lineno):
    m = _VALUE.fullmatch(raw)
    if m is None:
        if raw.startswith('"'):
            raise ConfigError(lineno, "quoted value is not closed")
        return raw
    kind = m.lastgroup
    if kind == "none":
        return None
    if kind == "quoted":
        return m.group("quoted")
    if kind in ("true", "false"):
        return kind == "true"
    return int(raw) if kind == "int" else float(raw)


def parse_typed(text):
    sections = {}
    target = None
    for lineno, raw_line in enumerate(text.splitlines(), start=1):
        line = raw_line.strip()
        if line[:1] in ("", "#", ";"):
            continue
        if line[0] == "[" and line[-1] == "]" and line[1:-1].strip():
            target = sections.setdefault(line[1:-1].strip(), {})
            continue
        key, eq, value = line.partition("=")
        if not eq or not key.strip():
            raise ConfigError(lineno, "expected key = value")
        if target is None:
            raise ConfigError(lineno, "entry outside a section")
        target[key.strip()] = _typed(value.strip(), lineno)
    return sections
