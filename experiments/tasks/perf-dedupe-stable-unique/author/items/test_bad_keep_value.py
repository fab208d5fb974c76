import pytest

from uniq import unique


def test_bad_keep_value():
    with pytest.raises(ValueError):
        unique([1, 2], keep="all")
