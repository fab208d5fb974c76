import pytest

from lenient import parse_roman


def test_empty_string_raises():
    with pytest.raises(ValueError):
        parse_roman("")
