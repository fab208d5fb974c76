import pytest

from numerals import to_roman


def test_lowercase_keyword_only():
    with pytest.raises(TypeError):
        to_roman(9, False)
