"""Bump versions with tuple arithmetic over (major, minor, patch)."""
import re

_ID = r"(?:0|[1-9][0-9]*|[0-9]*[A-Za-z-][0-9A-Za-z-]*)"
_RX = re.compile(
    r"(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)"
    rf"(?:-({_ID}(?:\.{_ID})*))?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?"
)
_INDEX = {"major": 0, "minor": 1, "patch": 2}


def bump(version, part):
    if part not in _INDEX and part != "prerelease":
        raise ValueError("part must be major, minor, patch or prerelease")
    m = _RX.fullmatch(version)
    if not m:
        raise ValueError("malformed version")
    nums = [int(m[1]), int(m[2]), int(m[3])]
    pre = m[4].split(".") if m[4] else []
    if part == "prerelease":
        if not pre:
            nums[2] += 1
            pre = ["0"]
        elif pre[-1].isdigit():
            pre[-1] = str(int(pre[-1]) + 1)
        else:
            pre.append("0")
        return "%d.%d.%d-%s" % (*nums, ".".join(pre))
    i = _INDEX[part]
    if not (pre and all(n == 0 for n in nums[i + 1:])):
        nums[i] += 1
    nums[i + 1:] = [0] * (2 - i)
    return "%d.%d.%d" % tuple(nums)
