from typedconf import parse_typed


def test_integer_lookalikes():
    conf = parse_typed("[n]\na = 1_000\nb = \u0661\u0662\n")["n"]
    assert conf == {"a": "1_000", "b": "\u0661\u0662"}
