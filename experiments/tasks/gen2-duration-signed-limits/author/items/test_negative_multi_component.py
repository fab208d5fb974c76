from spans import parse_span


def test_negative_multi_component():
    assert parse_span("-1h30m") == -5400
