import pytest

from catalog import top_per_category


def test_negative_k():
    with pytest.raises(ValueError):
        top_per_category([("a", "x", 1)], -1)
