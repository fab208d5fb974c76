from spans import parse_span


def test_limit_inclusive():
    assert parse_span("-1d", max_seconds=86400) == -86400
