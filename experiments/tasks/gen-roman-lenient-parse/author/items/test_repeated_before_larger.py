from lenient import parse_roman


def test_repeated_before_larger():
    assert parse_roman("IIX") == 10
    assert parse_roman("XIIX") == 20
