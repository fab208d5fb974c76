"""Semver ranges: a three-way compare function and an operator table."""
import operator
import re

_CORE = re.compile(r"(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)")
_IDENT = re.compile(r"[0-9A-Za-z-]+")
_OPS = [(">=", operator.ge), ("<=", operator.le), (">", operator.gt), ("<", operator.lt),
        ("=", operator.eq)]


def _parse(text):
    main, plus, build = text.partition("+")
    if plus and not all(_IDENT.fullmatch(x) for x in build.split(".")):
        raise ValueError("invalid build metadata")
    core, dash, pre = main.partition("-")
    m = _CORE.fullmatch(core)
    if not m:
        raise ValueError(f"invalid version: {text}")
    ids = pre.split(".") if dash else []
    for i in ids:
        if not _IDENT.fullmatch(i) or (i.isdigit() and len(i) > 1 and i[0] == "0"):
            raise ValueError(f"invalid pre-release: {text}")
    return [int(g) for g in m.groups()], ids


def _compare(a, b):
    if a[0] != b[0]:
        return -1 if a[0] < b[0] else 1
    pa, pb = a[1], b[1]
    if not pa or not pb:
        return (not pa) - (not pb)
    for x, y in zip(pa, pb):
        if x == y:
            continue
        if x.isdigit() and y.isdigit():
            return -1 if int(x) < int(y) else 1
        if x.isdigit() or y.isdigit():
            return -1 if x.isdigit() else 1
        return -1 if x < y else 1
    return (len(pa) > len(pb)) - (len(pa) < len(pb))


def satisfies(version, spec):
    v = _parse(version)
    checks = []
    named = []
    for token in spec.split():
        if token.startswith(("^", "~")):
            low = _parse(token[1:])
            x, y, _ = low[0]
            if token[0] == "~":
                high = [x, y + 1, 0]
            else:
                high = [x + 1, 0, 0] if x > 0 else [0, y + 1, 0]
            checks += [(operator.ge, low), (operator.lt, (high, []))]
            named.append(low)
            continue
        for sym, fn in _OPS:
            if token.startswith(sym):
                bound = _parse(token[len(sym):])
                break
        else:
            sym, fn, bound = "=", operator.eq, _parse(token)
        checks.append((fn, bound))
        named.append(bound)
    if not checks:
        raise ValueError("empty range")
    ok = all(fn(_compare(v, bound), 0) for fn, bound in checks)
    if ok and v[1]:
        ok = any(b[1] and b[0] == v[0] for b in named)
    return ok
