"""Parse semantic versions with a small scanner into a typing.NamedTuple."""
from typing import NamedTuple

_DIGITS = "0123456789"
_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-"


class Version(NamedTuple):
    major: int
    minor: int
    patch: int
    prerelease: tuple = ()
    build: tuple = ()

    def __str__(self):
        pieces = [f"{self.major}.{self.minor}.{self.patch}"]
        if self.prerelease:
            pieces.append("-" + ".".join(map(str, self.prerelease)))
        if self.build:
            pieces.append("+" + ".".join(self.build))
        return "".join(pieces)


def _take(text, i, chars):
    j = i
    while j < len(text) and text[j] in chars:
        j += 1
    return text[i:j], j


def _number(text, i):
    digits, j = _take(text, i, _DIGITS)
    if not digits or (len(digits) > 1 and digits[0] == "0"):
        raise ValueError(f"bad number at position {i}")
    return int(digits), j


def _identifiers(text, i):
    ids = []
    while True:
        ident, i = _take(text, i, _DIGITS + _LETTERS)
        if not ident:
            raise ValueError("empty identifier")
        ids.append(ident)
        if i < len(text) and text[i] == ".":
            i += 1
        else:
            return ids, i


def parse(text):
    nums = []
    i = 0
    for k in range(3):
        n, i = _number(text, i)
        nums.append(n)
        if k < 2:
            if text[i:i + 1] != ".":
                raise ValueError("expected '.'")
            i += 1
    pre, build = [], []
    if text[i:i + 1] == "-":
        pre, i = _identifiers(text, i + 1)
        if any(p.isdigit() and len(p) > 1 and p[0] == "0" for p in pre):
            raise ValueError("leading zero in pre-release")
    if text[i:i + 1] == "+":
        build, i = _identifiers(text, i + 1)
    if i != len(text):
        raise ValueError("unexpected trailing text")
    return Version(*nums, tuple(int(p) if p.isdigit() else p for p in pre), tuple(build))
