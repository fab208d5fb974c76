"""A tiny number tokenizer decides between int, float and str."""


class ConfigError(ValueError):
    def __init__(self, lineno):
        super().__init__(f"configuration error at line {lineno}")
        self.lineno = lineno


_DIG = set("0123456789")


def _number(s):
    """Return int/float when s is a number literal of the format, else None."""
    i, n = 0, len(s)
    if i < n and s[i] in "+-":
        i += 1
    start = i
    while i < n and s[i] in _DIG:
        i += 1
    if i == start:
        return None
    if i == n:
        return int(s)
    if s[i] != ".":
        return None
    i += 1
    frac = i
    while i < n and s[i] in _DIG:
        i += 1
    if i == frac:
        return None
    if i < n and s[i] in "eE":
        i += 1
        if i < n and s[i] in "+-":
            i += 1
        exp = i
        while i < n and s[i] in _DIG:
            i += 1
        if i == exp:
            return None
    return float(s) if i == n else None


def parse_typed(text):
    data = {}
    section = None
    for lineno, line in enumerate(text.splitlines(), 1):
        s = line.strip()
        if not s or s[0] in "#;":
            continue
        if s.startswith("[") and s.endswith("]") and s[1:-1].strip():
            section = s[1:-1].strip()
            data.setdefault(section, {})
            continue
        if "=" not in s or section is None or not s.partition("=")[0].strip():
            raise ConfigError(lineno)
        key, _, raw = s.partition("=")
        raw = raw.strip()
        if raw == "":
            value = None
        elif raw.startswith('"'):
            if len(raw) < 2 or not raw.endswith('"'):
                raise ConfigError(lineno)
            value = raw[1:-1]
        elif raw.lower() in ("true", "yes", "on", "false", "no", "off"):
            value = raw.lower() in ("true", "yes", "on")
        else:
            number = _number(raw)
            value = raw if number is None else number
        data[section][key.strip()] = value
    return data
