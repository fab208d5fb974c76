import pytest

from durations import parse_duration


def test_non_string_type_error():
    with pytest.raises(TypeError):
        parse_duration(3600)
