from typedconf import parse_typed


def test_integers_check():
    conf = parse_typed("[n]\na = 42\nb = -5\nc = 007\n")["n"]
    assert conf == {"a": 42, "b": -5, "c": 7}
