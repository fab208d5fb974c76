from typedconf import parse_typed


def test_empty_value_none():
    assert parse_typed("[e]\nk =\n")["e"]["k"] is None
