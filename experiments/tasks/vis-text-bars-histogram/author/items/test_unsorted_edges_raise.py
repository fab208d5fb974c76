import pytest

from histogram import histogram


def test_unsorted_edges_raise():
    with pytest.raises(ValueError):
        histogram([1], [0, 10, 5])
