from clamp import clamp


def test_single_point_range():
    assert clamp(5, 2, 2) == 2
