from roman import from_roman


def test_parses_examples():
    assert from_roman("XIV") == 14
    assert from_roman("MCMXCIV") == 1994
