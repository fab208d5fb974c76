from clamp import clamp


def test_inside_unchanged():
    assert clamp(4, 0, 4) == 4
