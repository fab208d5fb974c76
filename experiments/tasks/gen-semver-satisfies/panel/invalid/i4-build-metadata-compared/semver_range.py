"""Check versions against Semantic Versioning ranges."""
import re

_SEMVER = re.compile(
    r"(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)"
    r"(?:-((?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*)(?:\.(?:0|[1-9]\d*|\d*[a-zA-Z-][0-9a-zA-Z-]*))*))?"
    r"(?:\+([0-9a-zA-Z-]+(?:\.[0-9a-zA-Z-]+)*))?",
    re.ASCII,
)
_OPERATORS = (">=", "<=", ">", "<", "=")
_TESTS = {
    ">=": lambda c: c >= 0, "<=": lambda c: c <= 0, ">": lambda c: c > 0,
    "<": lambda c: c < 0, "=": lambda c: c == 0,
}


def _parse(text):
    match = _SEMVER.fullmatch(text)
    if match is None:
        raise ValueError(f"invalid version {text!r}")
    core = tuple(int(match[i]) for i in (1, 2, 3))
    pre = tuple(match[4].split(".")) if match[4] else ()
    return core, pre, match[5] or ""


def _key(parsed):
    core, pre, build = parsed
    if not pre:
        return core, 1, (), build
    return core, 0, tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in pre), build


def _cmp(a, b):
    ka, kb = _key(a), _key(b)
    return (ka > kb) - (ka < kb)


def _comparators(spec):
    tokens = spec.split()
    if not tokens:
        raise ValueError("empty spec")
    result = []
    for token in tokens:
        if token[0] in "^~":
            lower = _parse(token[1:])
            x, y, _ = lower[0]
            if token[0] == "^":
                upper = (x + 1, 0, 0) if x else (0, y + 1, 0)
            else:
                upper = (x, y + 1, 0)
            result += [(">=", lower), ("<", (upper, (), ""))]
            continue
        op = next((o for o in _OPERATORS if token.startswith(o)), "=")
        rest = token[len(op):] if token.startswith(op) else token
        result.append((op, _parse(rest)))
    return result


def satisfies(version, spec):
    target = _parse(version)
    comparators = _comparators(spec)
    if not all(_TESTS[op](_cmp(target, bound)) for op, bound in comparators):
        return False
    if target[1]:
        return any(bound[1] and bound[0] == target[0] for _, bound in comparators)
    return True
