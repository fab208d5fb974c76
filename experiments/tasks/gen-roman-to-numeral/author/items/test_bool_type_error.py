import pytest

from numerals import to_roman


def test_bool_type_error():
    with pytest.raises(TypeError):
        to_roman(True)
