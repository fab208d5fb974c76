from roman_math import add


def test_simple_sums():
    assert add("XIV", "VI") == "XX"
    assert add("MCM", "XCIV") == "MCMXCIV"
