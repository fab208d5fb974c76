from roman_math import add, subtract


def test_subtract_import():
    assert subtract(add("X", "V"), "V") == "X"
