"""Semantic Versioning 2.0.0 precedence."""
import re

_IDENT = re.compile(r"[0-9A-Za-z-]+")


def _numeric(text):
    return text.isascii() and text.isdigit()


def _parse(version):
    if not isinstance(version, str):
        raise TypeError(f"version must be a str, got {type(version).__name__}")
    rest, plus, build = version.partition("+")
    if plus and not all(_IDENT.fullmatch(part) for part in build.split(".")):
        raise ValueError(f"invalid version {version!r}: bad build metadata")
    core, dash, pre = rest.partition("-")
    parts = core.split(".")
    if len(parts) != 3 or not all(_numeric(p) for p in parts):
        raise ValueError(f"invalid version {version!r}: expected MAJOR.MINOR.PATCH")
    if any(len(p) > 1 and p[0] == "0" for p in parts):
        raise ValueError(f"invalid version {version!r}: leading zero")
    prerelease = pre.split(".") if dash else []
    for ident in prerelease:
        if not _IDENT.fullmatch(ident):
            raise ValueError(f"invalid version {version!r}: bad pre-release")
        if _numeric(ident) and len(ident) > 1 and ident[0] == "0":
            raise ValueError(f"invalid version {version!r}: leading zero in pre-release")
    return tuple(int(p) for p in parts), prerelease


def _compare_identifiers(x, y):
    x_num, y_num = x.isdigit(), y.isdigit()
    if x_num and y_num:
        a, b = int(x), int(y)
    elif x_num or y_num:
        return -1 if x_num else 1
    else:
        a, b = x, y
    return (a > b) - (a < b)


def compare(a, b):
    core_a, pre_a = _parse(a)
    core_b, pre_b = _parse(b)
    if core_a != core_b:
        return -1 if core_a < core_b else 1
    for x, y in zip(pre_a, pre_b):
        result = _compare_identifiers(x, y)
        if result:
            return result
    # More identifiers means higher precedence (an empty list has none).
    return (len(pre_a) > len(pre_b)) - (len(pre_a) < len(pre_b))
