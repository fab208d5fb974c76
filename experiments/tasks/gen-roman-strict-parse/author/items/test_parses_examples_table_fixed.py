from roman import from_roman


def test_parses_examples_table():
    for text, value in [("XIV", 14), ("MCMXCIV", 1994), ("XL", 40)]:
        assert from_roman(text) == value
