from lenient import parse_roman


def test_standard_values():
    assert parse_roman("XIV") == 14
    assert parse_roman("MCMXCIV") == 1994
