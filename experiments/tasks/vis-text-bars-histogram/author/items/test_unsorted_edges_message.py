import pytest

from histogram import histogram


def test_unsorted_edges_message():
    with pytest.raises(ValueError, match="strictly increasing numbers"):
        histogram([1], [0, 10, 5])
