"""Recursive-descent parser with a position-carrying exception."""


class _ParseError(Exception):
    def __init__(self, index):
        super().__init__(index)
        self.index = index


class _Parser:
    SECONDS = {"d": 86400, "h": 3600, "m": 60, "s": 1}

    def __init__(self, text):
        self.text = text
        self.i = 0

    def peek(self):
        return self.text[self.i] if self.i < len(self.text) else ""

    def span(self):
        while self.peek().isspace() and self.peek():
            self.i += 1
        sign = 1
        if self.peek() in ("+", "-") and self.peek():
            sign = -1 if self.peek() == "-" else 1
            self.i += 1
        total = self.components("dhms")
        while self.peek():
            if not self.peek().isspace():
                raise _ParseError(self.i)
            self.i += 1
        return sign * total

    def components(self, allowed):
        start = self.i
        while self.peek() and self.peek() in "0123456789":
            self.i += 1
        if self.i == start or not self.peek():
            raise _ParseError(self.i)
        unit = self.peek()
        if unit not in allowed:
            raise _ParseError(self.i)
        value = int(self.text[start:self.i]) * self.SECONDS[unit]
        self.i += 1
        rest = allowed[allowed.index(unit) + 1:]
        if self.peek() and not self.peek().isspace():
            return value + self.components(rest)
        return value


def parse_span(text, max_seconds=10**9):
    if not isinstance(text, str):
        raise TypeError("parse_span() needs a str")
    if max_seconds < 0:
        raise ValueError("max_seconds cannot be negative")
    try:
        seconds = _Parser(text).span()
    except _ParseError as err:
        raise ValueError(f"{text!r} is not a span (column {err.index + 1})") from None
    if -max_seconds <= seconds <= max_seconds:
        return seconds
    raise OverflowError(f"{text!r} is outside +/-{max_seconds} s")
