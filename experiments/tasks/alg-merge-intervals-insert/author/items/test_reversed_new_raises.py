import pytest

from insertion import insert_interval


def test_reversed_new_raises():
    with pytest.raises(ValueError):
        insert_interval([(1, 2)], (5, 4))
