import pytest

from numerals import to_roman


def test_type_error_message():
    with pytest.raises(TypeError, match="expected int, got float"):
        to_roman(5.0)
