"""Semver precedence through a Version class with functools.total_ordering."""
from functools import total_ordering

_ALLOWED = set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-")


def _is_num(s):
    return s != "" and all(c in "0123456789" for c in s)


def _no_leading_zero(s):
    return s == "0" or not s.startswith("0")


@total_ordering
class _Version:
    def __init__(self, text):
        if not isinstance(text, str):
            raise TypeError(f"expected str, not {type(text).__name__}")
        main, _, build = text.partition("+")
        if "+" in text and (not build or any(not p or set(p) - _ALLOWED for p in build.split("."))):
            raise ValueError(f"bad build in {text!r}")
        head, _, pre = main.partition("-")
        nums = head.split(".")
        if len(nums) != 3 or not all(_is_num(n) and _no_leading_zero(n) for n in nums):
            raise ValueError(f"bad core in {text!r}")
        self.core = tuple(map(int, nums))
        self.pre = pre.split(".") if "-" in main else []
        for p in self.pre:
            if not p or set(p) - _ALLOWED or (_is_num(p) and not _no_leading_zero(p)):
                raise ValueError(f"bad pre-release in {text!r}")

    def __eq__(self, other):
        return self.core == other.core and self.pre == other.pre

    def __lt__(self, other):
        if self.core != other.core:
            return self.core < other.core
        if not self.pre or not other.pre:
            return bool(self.pre) and not other.pre
        for x, y in zip(self.pre, other.pre):
            if x == y:
                continue
            if _is_num(x) and _is_num(y):
                return int(x) < int(y)
            if _is_num(x) != _is_num(y):
                return _is_num(x)
            return x < y
        return len(self.pre) < len(other.pre)


def compare(a, b):
    va, vb = _Version(a), _Version(b)
    if va == vb:
        return 0
    return -1 if va < vb else 1
