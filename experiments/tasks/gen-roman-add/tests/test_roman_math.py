import random
import re

import pytest

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


@pytest.mark.parametrize("a, b, total", [
    ("XIV", "VI", "XX"), ("MCM", "XCIV", "MCMXCIV"), ("I", "I", "II"), ("XX", "XX", "XL"),
    ("CC", "CC", "CD"), ("IV", "V", "IX"), ("XLIX", "LI", "C"), ("MMM", "CMXCIX", "MMMCMXCIX"),
])
def test_known_sums(a, b, total):
    assert add(a, b) == total


def test_random_sums_are_standard():
    rng = random.Random(42)
    for _ in range(400):
        x = rng.randint(1, 3998)
        y = rng.randint(1, 3999 - x)
        out = add(roman(x), roman(y))
        assert out == roman(x + y)
        assert STANDARD.fullmatch(out)


@pytest.mark.parametrize("bad", ["IIII", "VV", "IC", "xiv", "Xiv", "", " X", "X1", "MMMM"])
def test_invalid_arguments_raise_value_error(bad):
    with pytest.raises(ValueError):
        add(bad, "I")
    with pytest.raises(ValueError):
        add("I", bad)


@pytest.mark.parametrize("a, b", [("MMM", "M"), ("MMMCMXCIX", "I"), ("MMD", "MMD")])
def test_sum_above_3999_overflows(a, b):
    with pytest.raises(OverflowError):
        add(a, b)


@pytest.mark.parametrize("a, b", [(14, "I"), ("I", None), (b"X", "I")])
def test_non_str_raises_type_error(a, b):
    with pytest.raises(TypeError):
        add(a, b)
