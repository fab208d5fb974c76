"""Roman addition done symbolically: expand, concatenate, sort, carry, compress."""
import re

_STANDARD = re.compile(r"M{0,3}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})")
_ORDER = "MDCLXVI"
_EXPAND = [("CM", "DCCCC"), ("CD", "CCCC"), ("XC", "LXXXX"), ("XL", "XXXX"),
           ("IX", "VIIII"), ("IV", "IIII")]
_CARRY = [("IIIII", "V"), ("VV", "X"), ("XXXXX", "L"), ("LL", "C"), ("CCCCC", "D"),
          ("DD", "M")]
_COMPRESS = [("DCCCC", "CM"), ("CCCC", "CD"), ("LXXXX", "XC"), ("XXXX", "XL"),
             ("VIIII", "IX"), ("IIII", "IV")]


def _check(numeral):
    if not isinstance(numeral, str):
        raise TypeError("expected a str numeral")
    if numeral == "" or _STANDARD.fullmatch(numeral) is None:
        raise ValueError("bad numeral: " + numeral)


def _expand(numeral):
    for short, long in _EXPAND:
        numeral = numeral.replace(short, long)
    return numeral


def add(a, b):
    _check(a)
    _check(b)
    symbols = "".join(sorted(_expand(a) + _expand(b), key=_ORDER.index))
    changed = True
    while changed:
        changed = False
        for group, single in _CARRY:
            if group in symbols:
                symbols = symbols.replace(group, single, 1)
                symbols = "".join(sorted(symbols, key=_ORDER.index))
                changed = True
    if symbols.startswith("MMMM"):
        raise OverflowError("sum is above MMMCMXCIX")
    for long, short in _COMPRESS:
        symbols = symbols.replace(long, short)
    return symbols
