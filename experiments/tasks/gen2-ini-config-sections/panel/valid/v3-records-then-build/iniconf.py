"""First turn lines into records, then build the result from the records."""


class ConfigError(ValueError):
    lineno = None


def _error(lineno, text):
    err = ConfigError(f"line {lineno}: {text}")
    err.lineno = lineno
    return err


def _records(text):
    for lineno, raw in enumerate(text.split("\n"), start=1):
        line = raw.rstrip("\r").strip()
        if not line or line.startswith("#") or line.startswith(";"):
            continue
        if line.startswith("["):
            if line.endswith("]") and line[1:-1].strip():
                yield ("section", line[1:-1].strip().lower(), None)
                continue
            raise _error(lineno, "unusable section header")
        index = line.find("=")
        if index <= 0 or not line[:index].strip():
            raise _error(lineno, "not a key = value line")
        yield ("entry", line[:index].strip().lower(), line[index + 1:].strip())


def parse_ini(text):
    out = {}
    current = ""
    for kind, name, value in _records(text):
        if kind == "section":
            current = name
            out.setdefault(current, {})
        else:
            out.setdefault(current, {})[name] = value
    return out
