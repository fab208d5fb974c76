from roman_math import add


def test_subtractive_result():
    assert add("XX", "XX") == "XL"
    assert add("CC", "CC") == "CD"
    assert add("IV", "V") == "IX"
