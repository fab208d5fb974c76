"""Parse Semantic Versioning 2.0.0 strings."""
import re
from typing import NamedTuple

_SEMVER = re.compile(
    r"(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)"
    r"(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?"
    r"(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?",
    re.ASCII,
)


def _ident(part):
    return int(part) if part.isdigit() else part


class Version(NamedTuple):
    major: int
    minor: int
    patch: int
    prerelease: tuple = ()
    build: tuple = ()

    def __str__(self):
        text = f"{self.major}.{self.minor}.{self.patch}"
        if self.prerelease:
            text += "-" + ".".join(str(part) for part in self.prerelease)
        if self.build:
            text += "+" + ".".join(str(part) for part in self.build)
        return text


def parse(text):
    match = _SEMVER.fullmatch(text)
    if match is None:
        raise ValueError(f"invalid semantic version: {text!r}")
    major, minor, patch, pre, build = match.groups()
    prerelease = tuple(_ident(p) for p in pre.split(".")) if pre else ()
    build_ids = tuple(_ident(b) for b in build.split(".")) if build else ()
    return Version(int(major), int(minor), int(patch), prerelease, build_ids)
