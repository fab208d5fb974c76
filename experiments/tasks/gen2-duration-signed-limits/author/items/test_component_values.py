from spans import parse_span


def test_component_values():
    assert parse_span("1d2h") == 93600
    assert parse_span("90s") == 90
