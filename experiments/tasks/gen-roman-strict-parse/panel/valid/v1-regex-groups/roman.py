"""Strict Roman numerals: one regex group per decimal place, values from group tables."""
import re

_RX = re.compile(r"(M{0,3})(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})")


def _place(text, one, five, ten):
    table = {"": 0, one: 1, one * 2: 2, one * 3: 3, one + five: 4, five: 5, five + one: 6,
             five + one * 2: 7, five + one * 3: 8, one + ten: 9}
    return table[text]


def from_roman(s):
    if not isinstance(s, str):
        raise TypeError("numeral must be a string")
    m = _RX.fullmatch(s)
    if m is None or s == "":
        raise ValueError("not a standard Roman numeral")
    thousands, hundreds, tens, ones = m.groups()
    return (len(thousands) * 1000 + _place(hundreds, "C", "D", "M") * 100
            + _place(tens, "X", "L", "C") * 10 + _place(ones, "I", "V", "X"))
