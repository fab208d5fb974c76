import pytest

from insertion import insert_interval


def test_reversed_new_raises_check():
    with pytest.raises(ValueError):
        insert_interval([(0, 3), (6, 8)], (9, 1))
