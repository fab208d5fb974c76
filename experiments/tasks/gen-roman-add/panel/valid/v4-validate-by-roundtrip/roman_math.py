"""Roman addition: value-sum parsing, validated by rendering the value back."""

_VAL = {"M": 1000, "D": 500, "C": 100, "L": 50, "X": 10, "V": 5, "I": 1}
_SYMS = ["M", "CM", "D", "CD", "C", "XC", "L", "XL", "X", "IX", "V", "IV", "I"]
_NUMS = [1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1]


def _render(n):
    out = []
    for sym, num in zip(_SYMS, _NUMS):
        q, n = divmod(n, num)
        out.append(sym * q)
    return "".join(out)


def _value(s):
    if type(s) is not str:
        raise TypeError("not a string: %r" % (s,))
    if not s or set(s) - set(_VAL):
        raise ValueError("not a numeral: %r" % s)
    total = sum(-_VAL[c] if i + 1 < len(s) and _VAL[c] < _VAL[s[i + 1]] else _VAL[c]
                for i, c in enumerate(s))
    if not 0 < total < 4000 or _render(total) != s:
        raise ValueError("not in standard form: %r" % s)
    return total


def add(a, b):
    total = _value(a) + _value(b)
    if total > 3999:
        raise OverflowError("%d has no Roman numeral" % total)
    return _render(total)
