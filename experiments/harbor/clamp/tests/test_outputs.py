import sys

sys.path.insert(0, "/app")

from clamp import clamp  # noqa: E402

import pytest

def test_inside_and_outside():
    assert [clamp(v, 0, 10) for v in (-5, 5, 15)] == [0, 5, 10]

def test_bad_range_raises():
    with pytest.raises(ValueError):
        clamp(1, 5, 2)

def test_equal_bounds():
    assert clamp(7, 3, 3) == 3
