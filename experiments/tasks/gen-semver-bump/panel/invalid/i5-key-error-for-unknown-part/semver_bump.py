"""Compute the next semantic version."""
import re

_SEMVER = re.compile(
    r"(?P<major>0|[1-9]\d*)\.(?P<minor>0|[1-9]\d*)\.(?P<patch>0|[1-9]\d*)"
    r"(?:-(?P<pre>(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)"
    r"(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?"
    r"(?:\+(?P<build>[0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?",
    re.ASCII,
)


def _major(x, y, z, pre):
    return f"{x}.0.0" if pre and y == 0 and z == 0 else f"{x + 1}.0.0"


def _minor(x, y, z, pre):
    return f"{x}.{y}.0" if pre and z == 0 else f"{x}.{y + 1}.0"


def _patch(x, y, z, pre):
    return f"{x}.{y}.{z}" if pre else f"{x}.{y}.{z + 1}"


def _prerelease(x, y, z, pre):
    if not pre:
        return f"{x}.{y}.{z + 1}-0"
    ids = pre.split(".")
    if ids[-1].isdigit():
        ids[-1] = str(int(ids[-1]) + 1)
    else:
        ids.append("0")
    return f"{x}.{y}.{z}-{'.'.join(ids)}"


_BUMPERS = {"major": _major, "minor": _minor, "patch": _patch, "prerelease": _prerelease}


def bump(version, part):
    match = _SEMVER.fullmatch(version)
    if match is None:
        raise ValueError(f"invalid version {version!r}")
    x, y, z = (int(match[name]) for name in ("major", "minor", "patch"))
    return _BUMPERS[part](x, y, z, match["pre"])
