"""Semver precedence using the regular expression published with the specification."""
import re

_SEMVER = re.compile(
    r"^(?P<major>0|[1-9]\d*)\.(?P<minor>0|[1-9]\d*)\.(?P<patch>0|[1-9]\d*)"
    r"(?:-(?P<pre>(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)"
    r"(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?"
    r"(?:\+(?P<build>[0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?$",
    re.ASCII,
)


def _key(version):
    if not isinstance(version, str):
        raise TypeError("compare() takes version strings")
    m = _SEMVER.match(version)
    if m is None or version.endswith("\n"):
        raise ValueError("not a semantic version: " + version)
    core = (int(m["major"]), int(m["minor"]), int(m["patch"]))
    if m["pre"] is None:
        return core, (1,)
    ids = tuple((0, int(i), "") if i.isdigit() else (1, 0, i) for i in m["pre"].split("."))
    return core, (0, ids)


def compare(a, b):
    ka, kb = _key(a), _key(b)
    return (ka > kb) - (ka < kb)
