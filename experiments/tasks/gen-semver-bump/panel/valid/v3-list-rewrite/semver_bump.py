"""Bump versions by rewriting a [major, minor, patch] list in place."""
import re

_NUM = re.compile(r"0|[1-9][0-9]*")
_IDENT = re.compile(r"[0-9A-Za-z-]+")


def _parse(version):
    rest, _, build = version.partition("+")
    if "+" in version and not all(_IDENT.fullmatch(b) for b in build.split(".")):
        raise ValueError(f"{version!r}: invalid build")
    core, _, pre = rest.partition("-")
    nums = core.split(".")
    if len(nums) != 3 or not all(_NUM.fullmatch(n) for n in nums):
        raise ValueError(f"{version!r}: invalid core")
    ids = pre.split(".") if "-" in rest else []
    for ident in ids:
        if not _IDENT.fullmatch(ident) or (ident.isdigit() and not _NUM.fullmatch(ident)):
            raise ValueError(f"{version!r}: invalid pre-release")
    return [int(n) for n in nums], ids


def bump(version, part):
    order = ["major", "minor", "patch"]
    if part not in order + ["prerelease"]:
        raise ValueError("valid parts: major | minor | patch | prerelease")
    nums, ids = _parse(version)
    if part == "prerelease":
        if ids:
            ids = ids[:-1] + [str(int(ids[-1]) + 1)] if ids[-1].isdigit() else ids + ["0"]
            return "{}.{}.{}-".format(*nums) + ".".join(ids)
        nums[2] += 1
        return "{}.{}.{}-0".format(*nums)
    k = order.index(part)
    releasing = bool(ids) and not any(nums[k + 1:])
    if not releasing:
        nums[k] += 1
        for j in range(k + 1, 3):
            nums[j] = 0
    return "{}.{}.{}".format(*nums)
