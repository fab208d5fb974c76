import pytest

from roman_math import add


def test_non_str_type_error():
    with pytest.raises(TypeError):
        add(14, "I")
