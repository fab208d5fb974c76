from lenient import parse_roman


def test_non_standard_values_check():
    assert parse_roman("IIII") == 4
    assert parse_roman("IC") == 99
    assert parse_roman("MDCCCCX") == 1910
