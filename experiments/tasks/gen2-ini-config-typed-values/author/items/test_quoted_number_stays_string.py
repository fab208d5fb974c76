from typedconf import parse_typed


def test_quoted_number_stays_string():
    conf = parse_typed('[q]\na = "42"\nb = ""\n')["q"]
    assert conf == {"a": "42", "b": ""}
