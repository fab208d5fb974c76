"""Lenient Roman numerals: pair each value with its right neighbour using zip."""

VALUES = dict(zip("IVXLCDM", [1, 5, 10, 50, 100, 500, 1000]))


def parse_roman(text):
    if not isinstance(text, str):
        raise TypeError("parse_roman() takes a str")
    core = text.strip()
    if core == "":
        raise ValueError("no numeral given")
    for ch in core:
        if ch.upper() not in VALUES:
            raise ValueError("unexpected %s" % ch)
    nums = [VALUES[ch.upper()] for ch in core]
    return sum(-a if a < b else a for a, b in zip(nums, nums[1:] + [0]))
