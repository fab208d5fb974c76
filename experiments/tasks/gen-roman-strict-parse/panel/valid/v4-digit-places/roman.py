"""Strict Roman numerals: consume thousands, hundreds, tens and ones in turn."""

_PLACES = [
    (1000, ["MMM", "MM", "M"], [3, 2, 1]),
    (100, ["CM", "DCCC", "DCC", "DC", "D", "CD", "CCC", "CC", "C"], [9, 8, 7, 6, 5, 4, 3, 2, 1]),
    (10, ["XC", "LXXX", "LXX", "LX", "L", "XL", "XXX", "XX", "X"], [9, 8, 7, 6, 5, 4, 3, 2, 1]),
    (1, ["IX", "VIII", "VII", "VI", "V", "IV", "III", "II", "I"], [9, 8, 7, 6, 5, 4, 3, 2, 1]),
]


def from_roman(s):
    if not isinstance(s, str):
        raise TypeError("not a string")
    rest = s
    total = 0
    for scale, forms, digits in _PLACES:
        for form, digit in zip(forms, digits):
            if rest.startswith(form):
                total += digit * scale
                rest = rest[len(form):]
                break
    if rest or total == 0:
        raise ValueError("invalid numeral %r" % s)
    return total
