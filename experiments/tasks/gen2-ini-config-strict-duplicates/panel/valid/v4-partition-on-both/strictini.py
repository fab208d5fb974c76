"""Partition on whichever separator comes first; errors built by one helper."""


class ConfigError(ValueError):
    def __init__(self, message, lineno):
        super().__init__(message)
        self.lineno = lineno


class DuplicateKeyError(ConfigError):
    pass


class DuplicateSectionError(ConfigError):
    pass


def _raise(cls, lineno, what, **attrs):
    err = cls(f"{what} on line {lineno}", lineno)
    for name, value in attrs.items():
        setattr(err, name, value)
    raise err


def parse_strict(text):
    result, first, current, previous = {}, {}, None, None
    for lineno, raw in enumerate(text.split("\n"), start=1):
        raw = raw.rstrip("\r")
        text_ = raw.strip()
        if not text_ or text_[0] in "#;":
            continue
        if raw != raw.lstrip():
            if previous is None:
                _raise(ConfigError, lineno, "dangling continuation")
            result[current][previous] = result[current][previous] + "\n" + text_
            continue
        if text_[0] == "[":
            name = text_[1:-1].strip().lower()
            if text_[-1] != "]" or not name:
                _raise(ConfigError, lineno, "broken header")
            if ("s", name) in first:
                _raise(DuplicateSectionError, lineno, "repeated section", section=name,
                       first_lineno=first[("s", name)])
            first[("s", name)] = lineno
            result[name], current, previous = {}, name, None
            continue
        seps = sorted(i for i in (text_.find("="), text_.find(":")) if i != -1)
        if not seps:
            _raise(ConfigError, lineno, "no separator")
        key, _, value = text_.partition(text_[seps[0]])
        key = key.strip().lower()
        if not key:
            _raise(ConfigError, lineno, "empty key")
        if current is None:
            _raise(ConfigError, lineno, "entry before sections")
        if ("k", current, key) in first:
            _raise(DuplicateKeyError, lineno, "repeated key", section=current, key=key,
                   first_lineno=first[("k", current, key)])
        first[("k", current, key)] = lineno
        result[current][key] = value.strip()
        previous = key
    return result
