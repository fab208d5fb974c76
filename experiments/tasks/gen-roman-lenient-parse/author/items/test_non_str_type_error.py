import pytest

from lenient import parse_roman


def test_non_str_type_error():
    with pytest.raises(TypeError):
        parse_roman(14)
