import pytest

from insertion import insert_interval


def test_unsorted_message():
    with pytest.raises(ValueError, match="sorted and disjoint"):
        insert_interval([(6, 9), (1, 2)], (20, 21))
