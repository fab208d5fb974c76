"""Semver ranges: intersect the comparators into one interval, then test membership."""
import re

_PAT = re.compile(
    r"^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)"
    r"(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?"
    r"(?:\+[0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*)?\Z"
)


class _V:
    __slots__ = ("core", "pre", "key")

    def __init__(self, text):
        m = _PAT.match(text)
        if m is None or not text.isascii():
            raise ValueError(f"{text!r} is not a semantic version")
        self.core = (int(m[1]), int(m[2]), int(m[3]))
        self.pre = m[4].split(".") if m[4] else []
        ids = [(0, int(p), "") if p.isdigit() else (1, 0, p) for p in self.pre]
        self.key = (self.core, (0, ids) if self.pre else (1, []))


def satisfies(version, spec):
    v = _V(version)
    low = high = None  # (key, inclusive)
    exact = []
    mentioned = []
    tokens = spec.split()
    if not tokens:
        raise ValueError("spec is empty")

    def tighten_low(key, inclusive):
        nonlocal low
        if low is None or key > low[0] or (key == low[0] and not inclusive):
            low = (key, inclusive)

    def tighten_high(key, inclusive):
        nonlocal high
        if high is None or key < high[0] or (key == high[0] and not inclusive):
            high = (key, inclusive)

    for tok in tokens:
        if tok[0] in "^~":
            b = _V(tok[1:])
            x, y, _ = b.core
            up = (x, y + 1, 0) if tok[0] == "~" else ((x + 1, 0, 0) if x else (0, y + 1, 0))
            tighten_low(b.key, True)
            tighten_high((up, (1, [])), False)
            mentioned.append(b)
            continue
        if tok.startswith((">=", "<=")):
            op, b = tok[:2], _V(tok[2:])
        elif tok[0] in "<>=":
            op, b = tok[0], _V(tok[1:])
        else:
            op, b = "=", _V(tok)
        mentioned.append(b)
        if op in (">=", ">"):
            tighten_low(b.key, op == ">=")
        elif op in ("<=", "<"):
            tighten_high(b.key, op == "<=")
        else:
            exact.append(b.key)
    inside = all(v.key == k for k in exact)
    if low is not None:
        inside = inside and (v.key > low[0] or (low[1] and v.key == low[0]))
    if high is not None:
        inside = inside and (v.key < high[0] or (high[1] and v.key == high[0]))
    if v.pre and not any(b.pre and b.core == v.core for b in mentioned):
        return False
    return inside
