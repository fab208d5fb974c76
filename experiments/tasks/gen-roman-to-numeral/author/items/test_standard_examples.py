from numerals import to_roman


def test_standard_examples():
    assert to_roman(3) == "III"
    assert to_roman(14) == "XIV"
    assert to_roman(1994) == "MCMXCIV"
