import pytest

from insertion import insert_interval


def test_unsorted_list_raises():
    with pytest.raises(ValueError):
        insert_interval([(6, 9), (1, 2)], (20, 21))
