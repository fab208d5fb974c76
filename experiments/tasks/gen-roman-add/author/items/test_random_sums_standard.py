import random
import re

from roman_math import add

STANDARD = re.compile(r"M{0,3}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})")
PAIRS = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
         (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]


def roman(n):
    out = ""
    for value, text in PAIRS:
        while n >= value:
            out += text
            n -= value
    return out


def test_random_sums_standard():
    rng = random.Random(42)
    for _ in range(300):
        x = rng.randint(1, 3000)
        y = rng.randint(1, 3999 - x)
        out = add(roman(x), roman(y))
        assert STANDARD.fullmatch(out), (x, y, out)
        assert out == roman(x + y)
