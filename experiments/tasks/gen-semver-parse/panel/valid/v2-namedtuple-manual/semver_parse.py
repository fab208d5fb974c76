"""Parse semantic versions by hand into a collections.namedtuple subclass."""
from collections import namedtuple

_ALLOWED = frozenset("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-")


class Version(namedtuple("Version", "major minor patch prerelease build", defaults=((), ()))):
    __slots__ = ()

    def __str__(self):
        s = ".".join(str(n) for n in (self.major, self.minor, self.patch))
        if self.prerelease:
            s += "-" + ".".join(str(p) for p in self.prerelease)
        if self.build:
            s += "+" + ".".join(self.build)
        return s


def _numeric(s):
    return s != "" and all(c in "0123456789" for c in s)


def _ident_ok(s):
    return s != "" and set(s) <= _ALLOWED


def parse(text):
    main, plus, build = text.partition("+")
    core, dash, pre = main.partition("-")
    nums = core.split(".")
    if len(nums) != 3 or not all(_numeric(n) and (n == "0" or n[0] != "0") for n in nums):
        raise ValueError(f"bad version core in {text!r}")
    pre_ids = pre.split(".") if dash else []
    build_ids = build.split(".") if plus else []
    if not all(_ident_ok(p) for p in pre_ids + build_ids):
        raise ValueError(f"bad identifier in {text!r}")
    if any(_numeric(p) and len(p) > 1 and p[0] == "0" for p in pre_ids):
        raise ValueError(f"leading zero in pre-release of {text!r}")
    return Version(*map(int, nums),
                   tuple(int(p) if _numeric(p) else p for p in pre_ids),
                   tuple(build_ids))
