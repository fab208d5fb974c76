"""Bump versions: decide first whether the bump merely releases a pre-release."""
import re

_PATTERN = re.compile(
    r"^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)"
    r"(?:-((?:0|[1-9]\d*|\d*[A-Za-z-][\dA-Za-z-]*)(?:\.(?:0|[1-9]\d*|\d*[A-Za-z-][\dA-Za-z-]*))*))?"
    r"(?:\+[\dA-Za-z-]+(?:\.[\dA-Za-z-]+)*)?\Z",
    re.ASCII,
)


def _next_prerelease(pre):
    head, _, last = pre.rpartition(".")
    if last.isdigit():
        return (head + "." if head else "") + str(int(last) + 1)
    return pre + ".0"


def bump(version, part):
    m = _PATTERN.match(version)
    if part not in ("major", "minor", "patch", "prerelease"):
        raise ValueError(f"part {part!r} is not one of major/minor/patch/prerelease")
    if not m:
        raise ValueError("version %r is not valid semver" % version)
    x, y, z = int(m[1]), int(m[2]), int(m[3])
    pre = m[4]
    if part == "prerelease":
        return f"{x}.{y}.{z}-{_next_prerelease(pre)}" if pre else f"{x}.{y}.{z + 1}-0"
    release_only = pre is not None and {
        "major": y == 0 and z == 0,
        "minor": z == 0,
        "patch": True,
    }[part]
    if release_only:
        return f"{x}.{y}.{z}"
    if part == "major":
        return f"{x + 1}.0.0"
    if part == "minor":
        return f"{x}.{y + 1}.0"
    return f"{x}.{y}.{z + 1}"
