from clamp import clamp


def test_bounds_below_and_above():
    assert clamp(-1, 0, 4) == 0 and clamp(9, 0, 4) == 4
