import pytest

from nearest import k_nearest


def test_float_k_type_error():
    with pytest.raises(TypeError):
        k_nearest([(1, 1), (2, 2), (3, 3)], (0, 0), 2.0)
