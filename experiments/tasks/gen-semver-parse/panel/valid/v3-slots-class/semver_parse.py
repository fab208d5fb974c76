"""Parse semantic versions into a hand-written immutable class with __slots__."""
import re

_CORE = re.compile(r"(?:0|[1-9]\d*)\.(?:0|[1-9]\d*)\.(?:0|[1-9]\d*)", re.ASCII)
_IDENT = re.compile(r"[0-9A-Za-z-]+")


class Version:
    __slots__ = ("major", "minor", "patch", "prerelease", "build")

    def __init__(self, major, minor, patch, prerelease=(), build=()):
        for name, value in zip(self.__slots__, (major, minor, patch, tuple(prerelease),
                                                tuple(build))):
            object.__setattr__(self, name, value)

    def __setattr__(self, name, value):
        raise AttributeError(f"Version is immutable; cannot set {name}")

    def _fields(self):
        return (self.major, self.minor, self.patch, self.prerelease, self.build)

    def __eq__(self, other):
        if not isinstance(other, Version):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self):
        return hash(self._fields())

    def __repr__(self):
        return "Version(%r, %r, %r, %r, %r)" % self._fields()

    def __str__(self):
        text = f"{self.major}.{self.minor}.{self.patch}"
        if self.prerelease:
            text += "-" + ".".join(map(str, self.prerelease))
        if self.build:
            text += "+" + ".".join(self.build)
        return text


def parse(text):
    head, _, build = text.partition("+")
    core, _, pre = head.partition("-")
    if not _CORE.fullmatch(core):
        raise ValueError(f"invalid core {core!r}")
    pre_ids = pre.split(".") if "-" in head else []
    build_ids = build.split(".") if "+" in text else []
    for ident in pre_ids + build_ids:
        if not _IDENT.fullmatch(ident):
            raise ValueError(f"invalid identifier {ident!r}")
    for ident in pre_ids:
        if ident.isdigit() and ident != "0" and ident.startswith("0"):
            raise ValueError(f"leading zero in {ident!r}")
    major, minor, patch = (int(x) for x in core.split("."))
    return Version(major, minor, patch,
                   tuple(int(i) if i.isdigit() else i for i in pre_ids), tuple(build_ids))
