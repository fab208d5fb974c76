from lenient import parse_roman


def test_lowercase_accepted():
    assert parse_roman("xiv") == 14
    assert parse_roman("XiV") == 14
