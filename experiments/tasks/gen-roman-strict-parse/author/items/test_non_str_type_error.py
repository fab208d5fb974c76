import pytest

from roman import from_roman


def test_non_str_type_error():
    with pytest.raises(TypeError):
        from_roman(14)
