"""Parse Semantic Versioning 2.0.0 strings."""
import re
from typing import NamedTuple

_SEMVER = re.compile(
    r"(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)"
    r"(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?"
    r"(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?",
    re.ASCII,
)


class Version(NamedTuple):
    """A parsed semantic version."""

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
            text += "+" + ".".join(self.build)
        return text


def parse(text):
    """Parse ``text`` into a :class:`Version`; raise ValueError if it is not valid semver."""
    match = _SEMVER.fullmatch(text)
    if match is None:
        raise ValueError(f"invalid semantic version: {text!r}")
    major, minor, patch, pre, build = match.groups()
    prerelease = tuple(pre.split(".")) if pre else ()
    build_ids = tuple(build.split(".")) if build else ()
    return Version(int(major), int(minor), int(patch), prerelease, build_ids)
