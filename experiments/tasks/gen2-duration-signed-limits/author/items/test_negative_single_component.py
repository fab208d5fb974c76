from spans import parse_span


def test_negative_single_component():
    assert parse_span("-45s") == -45
    assert parse_span("+45s") == 45
