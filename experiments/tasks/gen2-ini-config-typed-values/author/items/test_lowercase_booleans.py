from typedconf import parse_typed


def test_lowercase_booleans():
    conf = parse_typed("[f]\na = true\nb = no\n")["f"]
    assert conf == {"a": True, "b": False}
