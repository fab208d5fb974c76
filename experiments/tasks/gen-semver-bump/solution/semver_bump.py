"""Compute the next semantic version."""
import re

PARTS = ("major", "minor", "patch", "prerelease")
_SEMVER = re.compile(
    r"(?P<major>0|[1-9]\d*)\.(?P<minor>0|[1-9]\d*)\.(?P<patch>0|[1-9]\d*)"
    r"(?:-(?P<pre>(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)"
    r"(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?"
    r"(?:\+(?P<build>[0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?",
    re.ASCII,
)


def bump(version, part):
    """Return the version that follows ``version`` when bumping ``part``."""
    if part not in PARTS:
        raise ValueError(f"unknown part {part!r}; expected one of {', '.join(PARTS)}")
    match = _SEMVER.fullmatch(version)
    if match is None:
        raise ValueError(f"invalid version {version!r}")
    major, minor, patch = (int(match[name]) for name in ("major", "minor", "patch"))
    pre = match["pre"]
    if part == "major":
        if pre and minor == 0 and patch == 0:
            return f"{major}.0.0"
        return f"{major + 1}.0.0"
    if part == "minor":
        if pre and patch == 0:
            return f"{major}.{minor}.0"
        return f"{major}.{minor + 1}.0"
    if part == "patch":
        if pre:
            return f"{major}.{minor}.{patch}"
        return f"{major}.{minor}.{patch + 1}"
    if not pre:
        return f"{major}.{minor}.{patch + 1}-0"
    ids = pre.split(".")
    if ids[-1].isdigit():
        ids[-1] = str(int(ids[-1]) + 1)
    else:
        ids.append("0")
    return f"{major}.{minor}.{patch}-{'.'.join(ids)}"
