"""Semver ranges: rewrite ^ and ~ into plain comparators first, then evaluate with sort keys."""
import re

_VERSION = re.compile(
    r"(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)"
    r"(?:-((?:0|[1-9]\d*|\d*[A-Za-z-][0-9A-Za-z-]*)(?:\.(?:0|[1-9]\d*|\d*[A-Za-z-][0-9A-Za-z-]*))*))?"
    r"(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?",
    re.ASCII,
)
_COMPARATOR = re.compile(r"(>=|<=|>|<|=)?(.*)", re.S)


def _key(text):
    m = _VERSION.fullmatch(text)
    if not m:
        raise ValueError("invalid version %r" % text)
    core = (int(m[1]), int(m[2]), int(m[3]))
    if m[4] is None:
        return core, None, (1,)
    ids = tuple((0, int(i)) if i.isdigit() else (1, i) for i in m[4].split("."))
    return core, m[4], (0, ids)


def _desugar(spec):
    out = []
    for token in spec.split():
        if token[0] in "^~":
            core, _, _ = _key(token[1:])
            x, y, _ = core
            if token[0] == "~":
                upper = f"{x}.{y + 1}.0"
            elif x:
                upper = f"{x + 1}.0.0"
            else:
                upper = f"0.{y + 1}.0"
            out += [">=" + token[1:], "<" + upper]
        else:
            out.append(token)
    if not out:
        raise ValueError("no comparators")
    return out


def satisfies(version, spec):
    vcore, vpre, vkey = _key(version)
    allowed_pre = False
    for comparator in _desugar(spec):
        op, text = _COMPARATOR.fullmatch(comparator).groups()
        bcore, bpre, bkey = _key(text)
        left, right = (vcore, vkey), (bcore, bkey)
        holds = {
            ">=": left >= right, "<=": left <= right, ">": left > right, "<": left < right,
            "=": left == right, None: left == right,
        }[op]
        if not holds:
            return False
        if bpre is not None and bcore == vcore:
            allowed_pre = True
    return vpre is None or allowed_pre
