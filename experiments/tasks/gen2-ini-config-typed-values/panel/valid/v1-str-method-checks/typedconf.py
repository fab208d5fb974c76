"""Classifies values with str methods instead of regular expressions."""


class ConfigError(ValueError):
    def __init__(self, lineno, message="bad configuration line"):
        super().__init__(f"{message} (line {lineno})")
        self.lineno = lineno


def _digits(s):
    return bool(s) and s.isascii() and s.isdigit()


def _unsign(s):
    return s[1:] if s[:1] in ("+", "-") else s


def _is_int(s):
    return _digits(_unsign(s))


def _is_float(s):
    body = _unsign(s)
    mantissa, _, exponent = body.replace("E", "e").partition("e")
    whole, point, frac = mantissa.partition(".")
    if not (point and _digits(whole) and _digits(frac)):
        return False
    if "e" in body.lower():
        return _digits(_unsign(exponent))
    return True


def _value(raw, lineno):
    if not raw:
        return None
    if raw[0] == '"':
        if len(raw) == 1 or raw[-1] != '"':
            raise ConfigError(lineno, "missing closing quote")
        return raw[1:-1]
    low = raw.lower()
    if low in ("true", "yes", "on"):
        return True
    if low in ("false", "no", "off"):
        return False
    if _is_int(raw):
        return int(raw)
    if _is_float(raw):
        return float(raw)
    return raw


def parse_typed(text):
    config, current = {}, None
    for n, line in enumerate(text.splitlines(), 1):
        s = line.strip()
        if s == "" or s.startswith(("#", ";")):
            continue
        if s[0] == "[" and s[-1] == "]" and s[1:-1].strip():
            current = config.setdefault(s[1:-1].strip(), {})
            continue
        if "=" not in s or not s.split("=", 1)[0].strip():
            raise ConfigError(n)
        if current is None:
            raise ConfigError(n, "entry before any section")
        key, value = s.split("=", 1)
        current[key.strip()] = _value(value.strip(), n)
    return config
