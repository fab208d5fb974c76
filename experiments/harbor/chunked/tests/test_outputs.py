import sys

sys.path.insert(0, "/app")

from chunks import chunked  # noqa: E402

import pytest

def test_even_split():
    assert chunked([1, 2, 3, 4], 2) == [[1, 2], [3, 4]]

def test_short_last():
    assert chunked([1, 2, 3, 4, 5], 2) == [[1, 2], [3, 4], [5]]

def test_bad_size():
    with pytest.raises(ValueError):
        chunked([1], 0)

def test_empty():
    assert chunked([], 3) == []
