import pytest

from numerals import to_roman


def test_float_type_error():
    with pytest.raises(TypeError):
        to_roman(5.0)
