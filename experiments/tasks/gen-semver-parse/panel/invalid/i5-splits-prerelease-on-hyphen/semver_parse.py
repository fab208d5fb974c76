"""Parse Semantic Versioning 2.0.0 strings."""
import re
from typing import NamedTuple

_CORE = re.compile(r"(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)", re.ASCII)
_IDENT = re.compile(r"[0-9A-Za-z-]+")


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
            text += "+" + ".".join(self.build)
        return text


def parse(text):
    head, plus, build = text.partition("+")
    pieces = head.split("-")
    core_match = _CORE.fullmatch(pieces[0])
    if core_match is None:
        raise ValueError(f"invalid semantic version: {text!r}")
    pre_ids = pieces[1].split(".") if len(pieces) > 1 else []
    build_ids = build.split(".") if plus else []
    for ident in pre_ids + build_ids:
        if not _IDENT.fullmatch(ident):
            raise ValueError(f"invalid semantic version: {text!r}")
    if any(p.isdigit() and len(p) > 1 and p[0] == "0" for p in pre_ids):
        raise ValueError(f"invalid semantic version: {text!r}")
    major, minor, patch = (int(g) for g in core_match.groups())
    prerelease = tuple(int(p) if p.isdigit() else p for p in pre_ids)
    return Version(major, minor, patch, prerelease, tuple(build_ids))
