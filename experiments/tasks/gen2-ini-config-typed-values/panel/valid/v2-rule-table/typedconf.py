"""An ordered table of (pattern, converter) rules."""
import re


class ConfigError(ValueError):
    pass


def _fail(lineno, why):
    err = ConfigError(f"{why} on line {lineno}")
    err.lineno = lineno
    return err


_BOOL = {"true": True, "yes": True, "on": True, "false": False, "no": False, "off": False}
_RULES = [
    (re.compile(r"(?i)true|yes|on|false|no|off"), lambda s: _BOOL[s.lower()]),
    (re.compile(r"[-+]?[0-9]+", re.ASCII), int),
    (re.compile(r"[-+]?[0-9]+[.][0-9]+([eE][-+]?[0-9]+)?", re.ASCII), float),
]


def _convert(raw, lineno):
    if raw == "":
        return None
    if raw[:1] == '"':
        if not (len(raw) >= 2 and raw[-1:] == '"'):
            raise _fail(lineno, "unclosed quote")
        return raw[1:-1]
    for pattern, convert in _RULES:
        if pattern.fullmatch(raw):
            return convert(raw)
    return raw


def parse_typed(text):
    out = {}
    name = None
    for lineno, line in enumerate(re.split(r"\r?\n", text), start=1):
        line = line.strip()
        if not line or line[0] in ";#":
            continue
        header = re.fullmatch(r"\[\s*(\S.*?)\s*\]", line)
        if header:
            name = header.group(1)
            out.setdefault(name, {})
            continue
        key, eq, value = line.partition("=")
        if not eq or not key.strip():
            raise _fail(lineno, "malformed line")
        if name is None:
            raise _fail(lineno, "no section")
        out[name][key.strip()] = _convert(value.strip(), lineno)
    return out
