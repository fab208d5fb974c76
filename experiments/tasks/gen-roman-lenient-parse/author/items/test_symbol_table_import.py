from lenient import ROMAN_VALUES, parse_roman


def test_symbol_table_import():
    for symbol, value in ROMAN_VALUES.items():
        assert parse_roman(symbol) == value
