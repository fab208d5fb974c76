"""Roman addition: parse and render one decimal place at a time."""

_PLACES = [
    ["", "M", "MM", "MMM"],
    ["", "C", "CC", "CCC", "CD", "D", "DC", "DCC", "DCCC", "CM"],
    ["", "X", "XX", "XXX", "XL", "L", "LX", "LXX", "LXXX", "XC"],
    ["", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"],
]


def _parse(text):
    if not isinstance(text, str):
        raise TypeError(f"{text!r} is not a str")
    rest, value = text, 0
    for forms in _PLACES:
        digit = max((d for d, f in enumerate(forms) if f and rest.startswith(f)),
                    key=lambda d: len(forms[d]), default=0)
        rest = rest[len(forms[digit]):]
        value = value * 10 + digit
    if rest or value == 0:
        raise ValueError(f"{text!r} is not a standard numeral")
    return value


def add(a, b):
    x, y = _parse(a), _parse(b)
    n = x + y
    if n >= 4000:
        raise OverflowError(n)
    digits = [n // 1000, n // 100 % 10, n // 10 % 10, n % 10]
    return "".join(forms[d] for forms, d in zip(_PLACES, digits))
