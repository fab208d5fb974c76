from roman_math import add


def test_one_plus_one():
    assert add("I", "I") == "II"
