"""Bump versions through a small Version class with one method per part."""

_OK = set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-")


def _num(s):
    if not s.isdigit() or not s.isascii() or (len(s) > 1 and s[0] == "0"):
        raise ValueError(f"bad number {s!r}")
    return int(s)


class _Version:
    def __init__(self, text):
        head, plus, build = text.partition("+")
        if plus and any(not b or set(b) - _OK for b in build.split(".")):
            raise ValueError("bad build metadata")
        core, dash, pre = head.partition("-")
        parts = core.split(".")
        if len(parts) != 3:
            raise ValueError("need MAJOR.MINOR.PATCH")
        self.major, self.minor, self.patch = (_num(p) for p in parts)
        self.pre = pre.split(".") if dash else []
        for ident in self.pre:
            if not ident or set(ident) - _OK:
                raise ValueError("bad pre-release identifier")
            if ident.isdigit():
                _num(ident)

    def major_up(self):
        if self.pre and self.minor == self.patch == 0:
            return f"{self.major}.0.0"
        return f"{self.major + 1}.0.0"

    def minor_up(self):
        if self.pre and self.patch == 0:
            return f"{self.major}.{self.minor}.0"
        return f"{self.major}.{self.minor + 1}.0"

    def patch_up(self):
        return f"{self.major}.{self.minor}.{self.patch + (0 if self.pre else 1)}"

    def prerelease_up(self):
        if not self.pre:
            return f"{self.major}.{self.minor}.{self.patch + 1}-0"
        ids = list(self.pre)
        if ids[-1].isdigit():
            ids[-1] = str(int(ids[-1]) + 1)
        else:
            ids += ["0"]
        return f"{self.major}.{self.minor}.{self.patch}-" + ".".join(ids)


def bump(version, part):
    methods = {"major": "major_up", "minor": "minor_up", "patch": "patch_up",
               "prerelease": "prerelease_up"}
    if part not in methods:
        raise ValueError(f"cannot bump {part!r}: choose from {sorted(methods)}")
    return getattr(_Version(version), methods[part])()
