from roman_math import add


def test_largest_sum():
    assert add("MMM", "CMXCIX") == "MMMCMXCIX"
