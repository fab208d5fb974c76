from clamp import clamp


def test_reversed_range_raises():
    import pytest
    with pytest.raises(ValueError):
        clamp(0, 3, 1)
