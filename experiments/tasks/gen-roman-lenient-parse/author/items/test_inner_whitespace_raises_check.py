import pytest

from lenient import parse_roman


def test_inner_whitespace_raises_check():
    with pytest.raises(ValueError):
        parse_roman("X IV")
