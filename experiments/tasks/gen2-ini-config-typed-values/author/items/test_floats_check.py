from typedconf import parse_typed


def test_floats_check():
    conf = parse_typed("[x]\na = 1.5\nb = -0.25\nc = 2.0e-3\n")["x"]
    assert conf == {"a": 1.5, "b": -0.25, "c": 0.002}
