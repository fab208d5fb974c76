"""Semver ranges with a Version class (total_ordering) and comparator predicates."""
from functools import total_ordering

_CHARS = set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-")


def _is_num(s):
    return s.isascii() and s.isdigit()


@total_ordering
class Version:
    def __init__(self, text):
        head, plus, build = text.partition("+")
        if plus and any(not b or set(b) - _CHARS for b in build.split(".")):
            raise ValueError(f"bad build in {text!r}")
        core, dash, pre = head.partition("-")
        nums = core.split(".")
        if len(nums) != 3 or not all(_is_num(n) and (n == "0" or n[0] != "0") for n in nums):
            raise ValueError(f"bad version {text!r}")
        self.core = tuple(int(n) for n in nums)
        self.pre = tuple(pre.split(".")) if dash else ()
        for p in self.pre:
            if not p or set(p) - _CHARS or (_is_num(p) and p != "0" and p[0] == "0"):
                raise ValueError(f"bad pre-release in {text!r}")

    def _key(self):
        pre = tuple((0, int(p), "") if _is_num(p) else (1, 0, p) for p in self.pre)
        return (self.core, 0 if self.pre else 1, pre)

    def __eq__(self, other):
        return self._key() == other._key()

    def __lt__(self, other):
        return self._key() < other._key()


def _release(core):
    return Version("%d.%d.%d" % core)


def _predicates(spec):
    preds, bounds = [], []
    for tok in spec.split():
        if tok[:1] == "^" or tok[:1] == "~":
            low = Version(tok[1:])
            x, y, _ = low.core
            if tok[0] == "~" or x != 0:
                high = _release((x + 1, 0, 0)) if tok[0] == "^" else _release((x, y + 1, 0))
            else:
                high = _release((0, y + 1, 0))
            preds += [lambda v, low=low: v >= low, lambda v, high=high: v < high]
            bounds.append(low)
        elif tok.startswith(">="):
            b = Version(tok[2:])
            preds.append(lambda v, b=b: v >= b)
            bounds.append(b)
        elif tok.startswith("<="):
            b = Version(tok[2:])
            preds.append(lambda v, b=b: v <= b)
            bounds.append(b)
        elif tok.startswith(">"):
            b = Version(tok[1:])
            preds.append(lambda v, b=b: v > b)
            bounds.append(b)
        elif tok.startswith("<"):
            b = Version(tok[1:])
            preds.append(lambda v, b=b: v < b)
            bounds.append(b)
        else:
            b = Version(tok[1:] if tok.startswith("=") else tok)
            preds.append(lambda v, b=b: v == b)
            bounds.append(b)
    if not preds:
        raise ValueError("spec has no comparators")
    return preds, bounds


def satisfies(version, spec):
    v = Version(version)
    preds, bounds = _predicates(spec)
    if v.pre and not any(b.pre and b.core == v.core for b in bounds):
        return False
    return all(p(v) for p in preds)
