from roman import from_roman


def test_parses_examples_table():
    for text, value in roman_cases():
        assert from_roman(text) == value
