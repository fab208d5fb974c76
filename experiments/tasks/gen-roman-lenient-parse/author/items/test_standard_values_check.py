from lenient import parse_roman


def test_standard_values_check():
    assert parse_roman("XIV") == 14
    assert parse_roman("MCMXCIV") == 1994
