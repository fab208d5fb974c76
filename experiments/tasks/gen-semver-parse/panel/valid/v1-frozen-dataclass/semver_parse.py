"""Parse semantic versions into a frozen dataclass."""
import re
from dataclasses import dataclass

_NUM = r"(?:0|[1-9][0-9]*)"
_PRE_ID = r"(?:0|[1-9][0-9]*|[0-9]*[A-Za-z-][0-9A-Za-z-]*)"
_PATTERN = re.compile(
    rf"({_NUM})\.({_NUM})\.({_NUM})(?:-({_PRE_ID}(?:\.{_PRE_ID})*))?"
    r"(?:\+([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?"
)


@dataclass(frozen=True)
class Version:
    major: int
    minor: int
    patch: int
    prerelease: tuple = ()
    build: tuple = ()

    def __str__(self):
        out = "%d.%d.%d" % (self.major, self.minor, self.patch)
        if self.prerelease:
            out += "-" + ".".join(map(str, self.prerelease))
        if self.build:
            out += "+" + ".".join(self.build)
        return out


def parse(text):
    m = _PATTERN.fullmatch(text) if isinstance(text, str) else None
    if not m:
        raise ValueError("not a semantic version")
    pre = tuple(int(x) if x.isdigit() else x for x in m[4].split(".")) if m[4] else ()
    build = tuple(m[5].split(".")) if m[5] else ()
    return Version(int(m[1]), int(m[2]), int(m[3]), pre, build)
