"""Semver precedence by building sortable key tuples and comparing them."""
import re

_CORE = re.compile(r"(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)")
_IDENT = re.compile(r"[0-9A-Za-z-]+")
_NUM_OK = re.compile(r"0|[1-9][0-9]*")


def _precedence_key(version):
    if type(version) is not str:
        raise TypeError(version)
    body, sep, build = version.partition("+")
    if sep and not all(_IDENT.fullmatch(x) for x in build.split(".")):
        raise ValueError(version)
    core, sep, pre = body.partition("-")
    m = _CORE.fullmatch(core)
    if not m:
        raise ValueError(version)
    key = [int(g) for g in m.groups()]
    if not sep:
        return (key, 1, [])
    parts = []
    for ident in pre.split("."):
        if not _IDENT.fullmatch(ident):
            raise ValueError(version)
        if ident.isdigit():
            if not _NUM_OK.fullmatch(ident):
                raise ValueError(version)
            parts.append((0, int(ident), ""))
        else:
            parts.append((1, 0, ident))
    return (key, 0, parts)


def compare(a, b):
    x, y = _precedence_key(a), _precedence_key(b)
    if x == y:
        return 0
    return 1 if x > y else -1
