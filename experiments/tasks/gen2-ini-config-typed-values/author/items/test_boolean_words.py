from typedconf import parse_typed


def test_boolean_words():
    conf = parse_typed("[f]\na = Yes\nb = off\nc = TRUE\n")["f"]
    assert conf == {"a": True, "b": False, "c": True}
