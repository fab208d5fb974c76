from clamp import clamp


def test_returns_a_number():
    assert isinstance(clamp(2, 0, 9), int)
