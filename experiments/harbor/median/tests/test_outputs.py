import sys

sys.path.insert(0, "/app")

from stats import median  # noqa: E402

import pytest

def test_odd():
    assert median([5, 1, 3]) == 3

def test_even_mean():
    assert median([4, 1, 3, 2]) == 2.5

def test_empty_raises():
    with pytest.raises(ValueError):
        median([])

def test_input_untouched():
    data = [3, 1, 2]
    median(data)
    assert data == [3, 1, 2]
