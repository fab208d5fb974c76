import re

import pytest

from numerals import to_roman

STANDARD = re.compile(r"M{0,3}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})")
VALUES = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


def value_of(text):
    total = 0
    for i, ch in enumerate(text):
        v = VALUES[ch]
        total += -v if i + 1 < len(text) and v < VALUES[text[i + 1]] else v
    return total


@pytest.mark.parametrize("n, text", [
    (1, "I"), (3, "III"), (4, "IV"), (9, "IX"), (14, "XIV"), (40, "XL"), (90, "XC"),
    (400, "CD"), (444, "CDXLIV"), (900, "CM"), (1994, "MCMXCIV"), (2024, "MMXXIV"),
    (1444, "MCDXLIV"), (3999, "MMMCMXCIX"),
])
def test_known_values(n, text):
    assert to_roman(n) == text


def test_every_value_is_standard_form():
    seen = set()
    for n in range(1, 4000):
        text = to_roman(n)
        assert STANDARD.fullmatch(text), (n, text)
        assert value_of(text) == n
        seen.add(text)
    assert len(seen) == 3999


@pytest.mark.parametrize("n", [0, -1, -3999, 4000, 10**6])
def test_out_of_range_raises_value_error(n):
    with pytest.raises(ValueError):
        to_roman(n)


@pytest.mark.parametrize("n", [True, False, 5.0, 14.5, "14", None])
def test_non_int_raises_type_error(n):
    with pytest.raises(TypeError):
        to_roman(n)


def test_lowercase_keyword():
    assert to_roman(14, lowercase=True) == "xiv"
    assert to_roman(1994, lowercase=True) == "mcmxciv"
    assert to_roman(14, lowercase=False) == "XIV"


def test_lowercase_is_keyword_only():
    with pytest.raises(TypeError):
        to_roman(14, True)
